import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * PasswordInput with a translated name for its show/hide button. The name avoids the word
 * "password": Mantine's default ("Toggle password visibility") made a second match for the
 * field's own label.
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation('auth');
  return (
    <PasswordInput
      size="md"
      required
      withAsterisk={false}
      visibilityToggleButtonProps={{ 'aria-label': t('password.toggle') }}
      // Mantine marks the inner input only with data-invalid; screen readers need aria-invalid.
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
}
