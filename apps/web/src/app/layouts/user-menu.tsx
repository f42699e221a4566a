import { Avatar, Box, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { nameInitials } from '@agency/shared';
import type { StoredSession } from '../../lib/session.ts';
import { useFormatters } from '../../lib/format.ts';
import { useMe } from '../../lib/me.ts';
import { MEMBER_PATHS } from '../routes/paths.ts';
import { useSignOut } from './use-sign-out.ts';

/** The signed-in person (name from `GET /api/me`, role as fallback) with sign-out. */
export function UserMenu({ session }: { session: StoredSession }) {
  const { t } = useTranslation('common');
  const { data: me } = useMe();
  const format = useFormatters();
  const signOut = useSignOut();
  const roleLabel = t(`roles.${session.role}`);
  const name = me ? `${me.firstName} ${me.lastName}`.trim() : '';
  return (
    <Menu position="bottom-end" withinPortal width={220}>
      <Menu.Target>
        <UnstyledButton px={6} py={4} miw={44} mih={44} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <Group gap={8} wrap="nowrap" justify="center">
            <Avatar size={32} radius="xl" color="brand" aria-hidden>
              {me ? nameInitials(me.firstName, me.lastName, format.locale) : null}
            </Avatar>
            <Text size="sm" fw={600} truncate="end" maw={160} visibleFrom="sm">
              {name || roleLabel}
            </Text>
            {/* Named by its content, the visible name then "Account menu": an aria-label would hide the visible name (WCAG 2.5.3). */}
            <VisuallyHidden>{t('userMenu.label')}</VisuallyHidden>
            {/* On phones the avatar alone is the button (44 px), leaving the header's width to the agency's name. */}
            <Box component="span" visibleFrom="sm" display="flex">
              <IconChevronDown size={16} aria-hidden />
            </Box>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{name ? `${name} · ${roleLabel}` : roleLabel}</Menu.Label>
        {session.role === 'user' && (
          <Menu.Item component={Link} to={MEMBER_PATHS.profile} leftSection={<IconUserCircle size={18} aria-hidden />}>
            {t('actions.myProfile')}
          </Menu.Item>
        )}
        <Menu.Item color="red" leftSection={<IconLogout size={18} aria-hidden />} onClick={() => void signOut()}>
          {t('actions.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
