import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The e-mail input of every sign-in form: translated label, e-mail keyboard and autofill. */
export function EmailField(props: TextInputProps) {
  const { t } = useTranslation('auth');
  return (
    <TextInput
      label={t('email.label')}
      placeholder={t('email.placeholder')}
      type="email"
      inputMode="email"
      autoComplete="email"
      required
      withAsterisk={false}
      size="md"
      {...props}
    />
  );
}
