import { useId } from 'react';
import { Input, PinInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const CODE_LENGTH = 6;

interface CodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  description?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * The six-box SMS code. The visible label names the first box (so `getByLabel('Code')` finds one
 * input and typing or pasting all six digits there fills every box); the other boxes are
 * "Digit 2 of 6" and so on. Paste and the one-time-code autofill of phones are handled by PinInput.
 */
export function CodeField({ value, onChange, error, description, disabled, autoFocus }: CodeFieldProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const firstBoxId = `${id}-box-1`;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Stack gap={6}>
      <Input.Label htmlFor={firstBoxId} size="md">
        {t('code.label')}
      </Input.Label>
      {description ? (
        <Input.Description id={descriptionId} size="sm">
          {description}
        </Input.Description>
      ) : null}
      <PinInput
        length={CODE_LENGTH}
        type="number"
        oneTimeCode
        size="md"
        gap="xs"
        placeholder=""
        value={value}
        onChange={onChange}
        error={Boolean(error)}
        disabled={disabled}
        autoFocus={autoFocus}
        getInputProps={(index) => ({
          id: index === 0 ? firstBoxId : `${id}-box-${index + 1}`,
          'aria-label': index === 0 ? undefined : t('code.digit', { index: index + 1, total: CODE_LENGTH }),
          'aria-describedby': describedBy,
        })}
      />
      {error ? (
        <Input.Error id={errorId} size="sm" role="alert">
          {error}
        </Input.Error>
      ) : null}
    </Stack>
  );
}
