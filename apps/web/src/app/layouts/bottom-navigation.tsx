import { Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { bottomLabelKey, isActiveItem, MEMBER_BOTTOM_NAVIGATION } from './navigation-items.ts';
import classes from './app-layout.module.css';

/**
 * The member's five main destinations at the bottom of the screen on phones. Each label is shown
 * whole: `nav:bottomItems` are the same words as the sidebar's with soft hyphens where a word is
 * wider than a fifth of a phone (German "Benach-richti-gungen"), so a long one breaks onto a second
 * line with a hyphen instead of ending in "…". The link's name is the sidebar's word, unbroken.
 */
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
            aria-label={t(item.label)}
          >
            <Icon size={22} stroke={1.7} aria-hidden />
            <Text component="span" size="xs" fw={active ? 700 : 500} className={classes.bottomLabel} aria-hidden>
              {t(bottomLabelKey(item))}
            </Text>
          </UnstyledButton>
        );
      })}
    </nav>
  );
}
