import { Button, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMessage2, IconShieldCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OTP_RESEND_SECONDS, OTP_TTL_SECONDS } from '@agency/shared';
import { AuthFrame } from './auth-frame.tsx';
import { CODE_LENGTH } from './code-field.tsx';

/** `/app/sessions/verification`: how the SMS code works, with the ways forward. */
export default function VerificationPage() {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <AuthFrame>
      <Stack gap="md">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconShieldCheck size={30} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {t('verification.title')}
        </Title>
        <Text c="dimmed">{t('verification.lead')}</Text>
        <List
          spacing="xs"
          icon={
            <ThemeIcon size={22} radius="xl" variant="light" aria-hidden>
              <IconMessage2 size={14} />
            </ThemeIcon>
          }
        >
          <List.Item>{t('verification.stepSend')}</List.Item>
          <List.Item>{t('verification.stepCode', { length: CODE_LENGTH, count: OTP_TTL_SECONDS / 60 })}</List.Item>
          <List.Item>{t('verification.stepResend', { count: OTP_RESEND_SECONDS })}</List.Item>
          <List.Item>{t('verification.stepPrivacy')}</List.Item>
        </List>
        <Button component={Link} to="/app/sessions/signIn" size="md" fullWidth>
          {t('verification.signIn')}
        </Button>
        <Button component={Link} to="/kayit" size="md" variant="default" fullWidth>
          {t('verification.apply')}
        </Button>
      </Stack>
    </AuthFrame>
  );
}
