import { useId } from 'react';
import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Role } from '@agency/shared';
import { isActiveItem, navigationFor, type NavGroup } from './navigation-items.ts';

function NavSection({ group, onNavigate }: { group: NavGroup; onNavigate: () => void }) {
  const { t } = useTranslation('nav');
  const { pathname } = useLocation();
  const headingId = useId();
  return (
    <div role={group.label ? 'group' : undefined} aria-labelledby={group.label ? headingId : undefined}>
      {group.label && (
        <Text id={headingId} size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="md" pb={4}>
          {t(group.label)}
        </Text>
      )}
      {group.items.map((item) => {
        const active = isActiveItem(item, pathname);
        const Icon = item.icon;
        return (
          <NavLink
            key={item.path}
            component={Link}
            to={item.path}
            label={t(item.label)}
            leftSection={<Icon size={20} stroke={1.7} aria-hidden />}
            active={active}
            aria-current={active ? 'page' : undefined}
            variant="light"
            onClick={onNavigate}
          />
        );
      })}
    </div>
  );
}

/** The role's navigation in the sidebar (admin grouped, member as one list). */
export function AppNavbar({ role, onNavigate }: { role: Role; onNavigate: () => void }) {
  const groups = navigationFor(role);
  return (
    <ScrollArea type="auto" h="100%">
      <Stack gap={2} p="sm">
        {groups.map((group, index) => (
          <NavSection key={group.label ?? index} group={group} onNavigate={onNavigate} />
        ))}
      </Stack>
    </ScrollArea>
  );
}
