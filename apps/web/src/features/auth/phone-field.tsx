import type { Ref } from 'react';
import { Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { phoneCallingCode } from './phone.ts';

interface PhoneFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  autoFocus?: boolean;
  /** Extra line under the field, e.g. how long to wait before another code may be sent. */
  hint?: string | null;
}

/** Phone number as typed; Türkiye (+90) is assumed unless the number starts with + and a country code. */
export function PhoneField({ value, onChange, error, disabled, inputRef, autoFocus, hint }: PhoneFieldProps) {
  const { t } = useTranslation('auth');
  return (
    <TextInput
      ref={inputRef}
      label={t('phone.label')}
      description={hint ? `${t('phone.description')} ${hint}` : t('phone.description')}
      placeholder={t('phone.placeholder')}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      required
      withAsterisk={false}
      size="md"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error || undefined}
      disabled={disabled}
      autoFocus={autoFocus}
      leftSection={
        <Text component="span" size="sm" fw={600} c="dimmed" aria-hidden>
          {phoneCallingCode(value)}
        </Text>
      }
      leftSectionWidth={52}
    />
  );
}
