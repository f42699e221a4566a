import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { LANDING_PATH, isLocale } from '@agency/shared';
import { ApiError, api } from '../../lib/api-client.ts';
import { changeLanguage, currentLocale } from '../../lib/i18n.ts';
import { clearSession, storeSession } from '../../lib/session.ts';
import { errorText, notifyError, notifySuccess } from '../../lib/notify.ts';
import { isSignInAnswer } from './session-response.ts';

/**
 * Posts a sign-in call and finishes the session: on success the token, role and uid are stored,
 * the interface takes the profile's language, "Login successfully" shows and the role's landing
 * page opens; any failure clears the session
 * (SPEC section 4) and returns the translated error for the form.
 */
export function useSignIn(path: '/auth/otp/verify' | '/auth/login') {
  const navigate = useNavigate();
  const [isPending, setPending] = useState(false);

  const signIn = useCallback(
    async (body: Record<string, string>): Promise<{ ok: true } | { ok: false; error: unknown; message: string }> => {
      setPending(true);
      try {
        const { data } = await api.post<unknown>(path, body);
        if (!isSignInAnswer(data)) throw new ApiError(500, 'INTERNAL', 'Malformed sign-in answer');
        // The person's language is their profile's: the interface takes it on sign-in.
        const { locale } = data.user;
        if (isLocale(locale) && locale !== currentLocale()) await changeLanguage(locale).catch(() => undefined);
        storeSession({ token: data.token, role: data.role, uid: data.user.uid });
        notifySuccess('LOGIN_SUCCESS');
        navigate(LANDING_PATH[data.role], { replace: true });
        return { ok: true };
      } catch (error) {
        clearSession();
        notifyError(error);
        return { ok: false, error, message: errorText(error) };
      } finally {
        setPending(false);
      }
    },
    [navigate, path],
  );

  return { signIn, isPending };
}
