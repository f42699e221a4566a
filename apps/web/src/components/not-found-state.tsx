import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconCompass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LANDING_PATH } from '@agency/shared';
import { useSession } from '../lib/use-session.ts';

/** The not-found message with a way back home (the role's landing page, or `/`). */
export function NotFoundState() {
  const { t } = useTranslation('common');
  const session = useSession();
  const home = session ? LANDING_PATH[session.role] : '/';
  return (
    <Stack align="center" ta="center" gap="sm" py={64} px="md">
      <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
        <IconCompass size={34} stroke={1.6} />
      </ThemeIcon>
      <Text c="dimmed" fw={700} size="sm" className="tabular-nums">
        {t('notFound.code')}
      </Text>
      <Title order={1} size="h2">
        {t('notFound.title')}
      </Title>
      <Text c="dimmed" maw={460}>
        {t('notFound.body')}
      </Text>
      <Button component={Link} to={home} leftSection={<IconArrowLeft size={18} aria-hidden />} mt="xs">
        {t('actions.backHome')}
      </Button>
    </Stack>
  );
}
