import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OTP_RESEND_SECONDS } from '@agency/shared';
import { ApiError, api } from '../../lib/api-client.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { errorText, notifyError, notifySuccess } from '../../lib/notify.ts';
import { isPossiblePhone } from './phone.ts';
import { useCountdown } from './use-countdown.ts';

interface OtpSendAnswer {
  resendAfterSeconds?: number;
  expiresInSeconds?: number;
}

/**
 * The "send code, then type the code" part shared by sign-in and the application: the phone as
 * typed, the number the code went to, the resend countdown and the send error. The server answers
 * the same whatever the number's account state (the SMS says why there is no code, in the
 * language sent along for a number it does not know), so the screens say "we sent an SMS".
 */
export function useOtp(purpose: 'login' | 'apply') {
  const { t } = useTranslation('auth');
  const countdown = useCountdown();
  const [phone, setPhone] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [sendErrorCode, setSendErrorCode] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const { start: startCountdown, stop: stopCountdown } = countdown;

  const send = useCallback(async (): Promise<boolean> => {
    const number = phone.trim();
    if (!isPossiblePhone(number)) {
      setSendError(t('phone.invalid'));
      setSendErrorCode('PHONE_INVALID');
      return false;
    }
    setSendError(null);
    setSendErrorCode(null);
    setSending(true);
    try {
      const { data, messageCode } = await api.post<OtpSendAnswer>('/auth/otp/send', { phone: number, purpose, locale: currentLocale() });
      setSentTo(number);
      startCountdown(data?.resendAfterSeconds ?? OTP_RESEND_SECONDS);
      notifySuccess(messageCode ?? 'OTP_SENT');
      return true;
    } catch (error) {
      if (error instanceof ApiError) {
        setSendErrorCode(error.code);
        if (error.retryAfterSeconds) startCountdown(error.retryAfterSeconds);
      }
      setSendError(errorText(error));
      notifyError(error);
      return false;
    } finally {
      setSending(false);
    }
  }, [phone, purpose, startCountdown, t]);

  const changePhone = useCallback(
    (value: string) => {
      setPhone(value);
      setSendError(null);
      setSendErrorCode(null);
    },
    [],
  );

  /** Back to the phone field: the code went to another number, its countdown no longer applies. */
  const editNumber = useCallback(() => {
    setSentTo(null);
    setSendError(null);
    setSendErrorCode(null);
    stopCountdown();
  }, [stopCountdown]);

  return {
    phone,
    setPhone: changePhone,
    sentTo,
    isCodeSent: sentTo !== null,
    send,
    isSending,
    sendError,
    sendErrorCode,
    setSendError,
    editNumber,
    secondsLeft: countdown.secondsLeft,
  };
}

export type OtpState = ReturnType<typeof useOtp>;
