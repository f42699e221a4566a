import type { ComponentType } from 'react';
import { Badge, Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LANDING_PATH } from '@agency/shared';
import { useSession } from '../lib/use-session.ts';

/** Screens that later work fills; each has `common:comingSoon.screens.<screen>.title` and `.body`. */
export type ComingSoonScreen =
  | 'publisherHome'
  | 'memberEarnings'
  | 'statistics'
  | 'memberPayments'
  | 'documents'
  | 'memberDeductions'
  | 'myInformation'
  | 'profile'
  | 'memberNotifications'
  | 'memberDashboard'
  | 'members'
  | 'memberOverview'
  | 'creators'
  | 'memberProfile'
  | 'creatorDetails'
  | 'adminPayments'
  | 'uploads'
  | 'applications'
  | 'activityLog'
  | 'adminNotifications'
  | 'adminDashboard'
  | 'commissionSettings'
  | 'finance'
  | 'adminDeductions'
  | 'branding'
  | 'security'
  | 'signature'
  | 'stamp'
  | 'referralSettings'
  | 'documentSettings';

export interface ComingSoonProps {
  screen: ComingSoonScreen;
  icon: ComponentType<{ size?: number; stroke?: number; 'aria-hidden'?: boolean }>;
}

/** A clear, translated "coming soon" state for a screen that is not built yet: never a blank page. */
export function ComingSoon({ screen, icon: Icon }: ComingSoonProps) {
  const { t } = useTranslation('common');
  const session = useSession();
  const { pathname } = useLocation();
  const home = session ? LANDING_PATH[session.role] : '/';
  const isHome = pathname.toLowerCase() === home.toLowerCase();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t(`comingSoon.screens.${screen}.title`)}
      </Title>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack align="center" ta="center" gap="sm" py="lg">
          <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
            <Icon size={34} stroke={1.6} aria-hidden />
          </ThemeIcon>
          <Badge variant="light" size="lg">
            {t('comingSoon.badge')}
          </Badge>
          <Text fw={600} size="lg" maw={520}>
            {t(`comingSoon.screens.${screen}.body`)}
          </Text>
          <Text c="dimmed" maw={520}>
            {t('comingSoon.body')}
          </Text>
          {!isHome && (
            <Button component={Link} to={home} variant="light" leftSection={<IconArrowLeft size={18} aria-hidden />} mt="xs">
              {t('actions.backHome')}
            </Button>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
