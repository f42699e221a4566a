import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Flex, Stack, Stepper, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconArrowRight, IconSend, IconUserHeart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { normalizeTiktokUsername, type ErrorDetail } from '@agency/shared';
import { ApiError, api } from '../../lib/api-client.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { errorText, notifyError } from '../../lib/notify.ts';
import { CODE_LENGTH, CodeField, PhoneField, ResendControls, useOtp } from '../auth/index.ts';
import {
  NAME_MAX_LENGTH,
  PHONE_STEP,
  STEP_FIELDS,
  isAcceptableTiktokUsername,
  stepOfField,
  type ApplicationValues,
} from './application-fields.ts';

const CODE_PATTERN = new RegExp(`^\\d{${CODE_LENGTH}}$`);
const USERNAME_ERRORS = new Set(['TIKTOK_USERNAME_INVALID', 'TIKTOK_USERNAME_TAKEN']);
const PHONE_ERRORS = new Set(['PHONE_INVALID', 'PHONE_ALREADY_REGISTERED']);
const CODE_ERRORS = new Set(['OTP_INVALID', 'OTP_EXPIRED', 'OTP_TOO_MANY_ATTEMPTS']);

interface ApplicationFormProps {
  referralCode: string | null;
  onSubmitted: (firstName: string) => void;
}

/**
 * The three steps of `/kayit`: name, TikTok username, phone and SMS code. "Next" checks only the
 * current step; a server error opens the step of the field it is about and shows under that field.
 */
export function ApplicationForm({ referralCode, onSubmitted }: ApplicationFormProps) {
  const { t } = useTranslation(['apply', 'auth']);
  const otp = useOtp('apply');
  const [active, setActive] = useState(0);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  const stepRef = useRef<HTMLDivElement>(null);
  const isFirstStep = useRef(true);

  const form = useForm<ApplicationValues>({
    initialValues: { firstName: '', lastName: '', tiktokUsername: '' },
    validate: {
      firstName: (value) => (value.trim() ? null : t('firstName.required')),
      lastName: (value) => (value.trim() ? null : t('lastName.required')),
      tiktokUsername: (value) => (isAcceptableTiktokUsername(value) ? null : t('username.invalid')),
    },
  });

  // Keyboard and screen-reader users land in the first field of each new step.
  useEffect(() => {
    if (isFirstStep.current) {
      isFirstStep.current = false;
      return;
    }
    stepRef.current?.querySelector<HTMLInputElement>('input:not([type="hidden"])')?.focus();
  }, [active]);

  function validateStep(step: number): boolean {
    const results = (STEP_FIELDS[step] ?? []).map((field) => form.validateField(field).hasError);
    return !results.includes(true);
  }

  function goNext() {
    if (validateStep(active)) setActive((step) => Math.min(step + 1, PHONE_STEP));
  }

  function showServerError(error: unknown) {
    const message = errorText(error);
    const errorCode = error instanceof ApiError ? error.code : null;
    const detailField = error instanceof ApiError ? fieldOfDetails(error.details) : null;
    if ((errorCode && USERNAME_ERRORS.has(errorCode)) || detailField === 'tiktokUsername') {
      form.setFieldError('tiktokUsername', message);
      setActive(1);
    } else if (errorCode && PHONE_ERRORS.has(errorCode)) {
      otp.editNumber();
      otp.setSendError(message);
    } else if ((errorCode && CODE_ERRORS.has(errorCode)) || detailField === 'code') {
      setCodeError(message);
    } else if (detailField === 'firstName' || detailField === 'lastName') {
      form.setFieldError(detailField, message);
      setActive(0);
    } else {
      setFormError(message);
    }
  }

  async function submitApplication() {
    if (isPending || otp.sentTo === null) return;
    if (!CODE_PATTERN.test(code)) {
      setCodeError(t('auth:code.incomplete', { count: CODE_LENGTH }));
      return;
    }
    const firstInvalidStep = [0, 1].find((step) => !validateStep(step));
    if (firstInvalidStep !== undefined) {
      setActive(firstInvalidStep);
      return;
    }
    const values = form.getValues();
    setPending(true);
    setFormError(null);
    try {
      await api.post('/applications', {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        tiktokUsername: normalizeTiktokUsername(values.tiktokUsername),
        phone: otp.sentTo,
        code,
        ...(referralCode ? { ref: referralCode } : {}),
        // The language chosen on the landing and application screens becomes the member's language.
        locale: currentLocale(),
      });
      onSubmitted(values.firstName.trim());
    } catch (error) {
      notifyError(error);
      showServerError(error);
    } finally {
      setPending(false);
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (active < PHONE_STEP) return goNext();
    if (!otp.isCodeSent) {
      if (otp.isSending || otp.secondsLeft > 0) return;
      if (await otp.send()) {
        setCode('');
        setCodeError(null);
      }
      return;
    }
    await submitApplication();
  }

  const isRateLimited = !otp.isCodeSent && otp.secondsLeft > 0;

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('lead')}
          </Text>
        </div>
        {referralCode ? (
          <Alert variant="light" color="grape" icon={<IconUserHeart size={20} aria-hidden />} p="sm">
            {t('invited')}
          </Alert>
        ) : null}
        <Stepper
          active={active}
          onStepClick={(step) => step < active && setActive(step)}
          allowNextStepsSelect={false}
          size="sm"
          iconSize={32}
          labelPosition="bottom"
        >
          <Stepper.Step label={t('steps.name')}>
            <Stack gap="md" ref={active === 0 ? stepRef : undefined} pt="md">
              <StepHeading title={t('name.title')} text={t('name.text')} />
              <TextInput
                label={t('firstName.label')}
                autoComplete="given-name"
                maxLength={NAME_MAX_LENGTH}
                required
                withAsterisk={false}
                size="md"
                {...form.getInputProps('firstName')}
              />
              <TextInput
                label={t('lastName.label')}
                autoComplete="family-name"
                maxLength={NAME_MAX_LENGTH}
                required
                withAsterisk={false}
                size="md"
                {...form.getInputProps('lastName')}
              />
            </Stack>
          </Stepper.Step>
          <Stepper.Step label={t('steps.username')}>
            <Stack gap="md" ref={active === 1 ? stepRef : undefined} pt="md">
              <StepHeading title={t('username.title')} text={t('username.text')} />
              <TextInput
                label={t('username.label')}
                description={t('username.hint')}
                placeholder={t('username.placeholder')}
                autoComplete="username"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                maxLength={40}
                required
                withAsterisk={false}
                size="md"
                {...form.getInputProps('tiktokUsername')}
              />
            </Stack>
          </Stepper.Step>
          <Stepper.Step label={t('steps.phone')}>
            <Stack gap="md" ref={active === PHONE_STEP ? stepRef : undefined} pt="md">
              <StepHeading title={t('phone.title')} text={t('phone.text')} />
              {otp.isCodeSent ? (
                <>
                  <CodeField
                    value={code}
                    onChange={(value) => {
                      setCode(value);
                      setCodeError(null);
                    }}
                    error={codeError}
                    description={t('auth:code.sentTo', { phone: otp.sentTo })}
                    disabled={isPending}
                    autoFocus
                  />
                  <ResendControls otp={otp} disabled={isPending} />
                  {otp.sendError ? (
                    <Text size="sm" c="red.8" role="alert">
                      {otp.sendError}
                    </Text>
                  ) : null}
                </>
              ) : (
                <PhoneField
                  value={otp.phone}
                  onChange={otp.setPhone}
                  error={otp.sendError}
                  disabled={otp.isSending}
                  hint={isRateLimited ? t('auth:phone.wait', { seconds: otp.secondsLeft }) : null}
                />
              )}
            </Stack>
          </Stepper.Step>
        </Stepper>
        {formError ? (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        ) : null}
        {/* Phones: the main action on top at full width, "Back" under it; wider screens: one row. */}
        <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="space-between" gap="sm">
          {active > 0 ? (
            <Button type="button" variant="default" size="md" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={() => setActive(active - 1)} disabled={isPending}>
              {t('actions.back')}
            </Button>
          ) : (
            <span />
          )}
          {active < PHONE_STEP ? (
            <Button type="submit" size="md" rightSection={<IconArrowRight size={18} aria-hidden />}>
              {t('actions.next')}
            </Button>
          ) : otp.isCodeSent ? (
            <Button type="submit" size="md" loading={isPending} rightSection={<IconSend size={18} aria-hidden />}>
              {t('actions.submit')}
            </Button>
          ) : (
            <Button type="submit" size="md" loading={otp.isSending} disabled={isRateLimited}>
              {t('auth:actions.sendCode')}
            </Button>
          )}
        </Flex>
      </Stack>
    </form>
  );
}

function StepHeading({ title, text }: { title: string; text: string }) {
  return (
    <div>
      <Title order={2} size="h4">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mt={2}>
        {text}
      </Text>
    </div>
  );
}

/** A `VALIDATION_FAILED` answer names the field in its first detail's path. */
function fieldOfDetails(details: ErrorDetail[]): string | null {
  const path = details.find((detail) => detail.path)?.path;
  if (!path) return null;
  const field = path.replace(/^body\.?/, '').split('.')[0] ?? '';
  return stepOfField(field) === null ? null : field;
}
