import { Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isActiveItem, MEMBER_BOTTOM_NAVIGATION } from './navigation-items.ts';
import classes from './app-layout.module.css';

/** The member's five main destinations at the bottom of the screen on phones. */
export function BottomNavigation() {
  const { t } = useTranslation('nav');
  const { pathname } = useLocation();
  return (
    <nav aria-label={t('bottomNavigation')} className={classes.bottomNav}>
      {MEMBER_BOTTOM_NAVIGATION.map((item) => {
        const active = isActiveItem(item, pathname);
        const Icon = item.icon;
        return (
          <UnstyledButton
            key={item.path}
            component={Link}
            to={item.path}
            className={classes.bottomItem}
            data-active={active || undefined}
            aria-current={active ? 'page' : undefined}
          >
            <Icon size={22} stroke={1.7} aria-hidden />
            <Text component="span" size="xs" fw={active ? 700 : 500} lh={1.2} truncate="end" maw="100%">
              {t(item.label)}
            </Text>
          </UnstyledButton>
        );
      })}
    </nav>
  );
}
