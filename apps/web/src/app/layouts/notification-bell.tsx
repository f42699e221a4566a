import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MEMBER_PATHS } from '../routes/paths.ts';
import { useUnreadNotifications } from './use-unread-notifications.ts';

/** The member's notifications in the header, with the unread count. */
export function NotificationBell() {
  const { t } = useTranslation('nav');
  const { data: unread = 0 } = useUnreadNotifications(true);
  return (
    <Indicator label={unread > 99 ? '99+' : unread} size={18} offset={4} disabled={unread === 0} color="red">
      <ActionIcon
        component={Link}
        to={MEMBER_PATHS.notifications}
        variant="subtle"
        color="gray"
        size="lg"
        radius="xl"
        aria-label={unread > 0 ? t('unreadNotifications', { count: unread }) : t('items.notifications')}
      >
        <IconBell size={20} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}
