import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from '../lib/lazy-screen.tsx';
import { ApiError } from '../lib/api-client.ts';
import { errorText } from '../lib/notify.ts';

export interface ErrorStateProps {
  error: unknown;
  /** Shown as a "Try again" button when given. */
  onRetry?: () => void;
  /** `page` fills the content area; `section` is for a card or a list. */
  size?: 'page' | 'section';
}

/**
 * What a screen shows when something failed: a screen's code that did not download (time-out after
 * 120 s or network), a failed API call (the catalogue message of its code), or an unexpected error.
 */
export function ErrorState({ error, onRetry, size = 'page' }: ErrorStateProps) {
  const { t } = useTranslation('common');
  const chunk = isChunkLoadError(error);
  const offline = chunk || (error instanceof ApiError && error.code === 'NETWORK_ERROR');
  const title = chunk ? t('errorState.chunkTitle') : error instanceof ApiError ? t('errorState.loadTitle') : t('errorState.unexpectedTitle');
  const body = chunk
    ? t(error.reason === 'timeout' ? 'errorState.chunkTimeoutBody' : 'errorState.chunkBody')
    : error instanceof ApiError
      ? errorText(error)
      : t('errorState.unexpectedBody');
  const Icon = offline ? IconWifiOff : IconAlertTriangle;
  return (
    <Stack align="center" ta="center" gap="sm" py={size === 'page' ? 64 : 'lg'} px="md" role="alert">
      <ThemeIcon size={size === 'page' ? 56 : 40} radius="xl" variant="light" color="red" aria-hidden>
        <Icon size={size === 'page' ? 30 : 22} />
      </ThemeIcon>
      <Title order={size === 'page' ? 1 : 3} size={size === 'page' ? 'h2' : 'h4'}>
        {title}
      </Title>
      <Text c="dimmed" maw={460}>
        {body}
      </Text>
      {onRetry && (
        <Button onClick={onRetry} leftSection={<IconRefresh size={18} aria-hidden />} mt="xs">
          {t('actions.retry')}
        </Button>
      )}
    </Stack>
  );
}
