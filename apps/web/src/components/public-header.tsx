import type { ReactNode } from 'react';
import { Box, Button, Container, Group, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LANDING_PATH } from '@agency/shared';
import { AgencyMark } from './agency-mark.tsx';
import { useAgencyName } from '../lib/public-settings.ts';
import { useSession } from '../lib/use-session.ts';
import { LanguageMenu } from './language-menu.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';
import classes from './public-header.module.css';

export interface PublicHeaderProps {
  /** `dark` for a header placed over a dark hero (white text). @default 'light' */
  tone?: 'light' | 'dark';
  /** Hide the sign-in button (e.g. on the sign-in page itself). @default true */
  showSignIn?: boolean;
  /** Hide the apply button (e.g. on the application page itself). @default true */
  showApply?: boolean;
}

/**
 * The header of every public page: the agency name (linking to `/`), the language menu, and the
 * sign-in and apply buttons (a signed-in person sees "My account" instead). It renders a `<header>`
 * landmark and the skip link; the page renders its own `<main id={MAIN_CONTENT_ID}>` (or uses PublicPage).
 */
export function PublicHeader({ tone = 'light', showSignIn = true, showApply = true }: PublicHeaderProps) {
  const { t } = useTranslation('common');
  const agencyName = useAgencyName();
  const session = useSession();
  const dark = tone === 'dark';
  return (
    <Box component="header" className={classes.header} data-tone={tone}>
      <SkipLink />
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm" className={classes.bar}>
          <UnstyledButton component={Link} to="/" className={classes.brand} aria-label={t('actions.goToLanding', { name: agencyName })}>
            <AgencyMark name={agencyName} className={classes.mark} logoClassName={classes.logo} />
            <Text component="span" fw={800} size="lg" truncate="end" c={dark ? 'white' : undefined}>
              {agencyName}
            </Text>
          </UnstyledButton>
          <Group gap="xs" wrap="nowrap" className={classes.actions}>
            <LanguageMenu variant={dark ? 'white' : 'subtle'} />
            {session ? (
              <Button component={Link} to={LANDING_PATH[session.role]} size="compact-md">
                {t('actions.myAccount')}
              </Button>
            ) : (
              <>
                {showSignIn && (
                  <Button component={Link} to="/app/sessions/signIn" size="compact-md" variant={dark ? 'white' : 'default'}>
                    {t('actions.signIn')}
                  </Button>
                )}
                {showApply && (
                  <Button component={Link} to="/kayit" size="compact-md">
                    {t('actions.apply')}
                  </Button>
                )}
              </>
            )}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

export interface PublicPageProps extends PublicHeaderProps {
  children: ReactNode;
}

/** A public page frame: PublicHeader, then `<main id="main-content">` with the page. */
export function PublicPage({ children, ...headerProps }: PublicPageProps) {
  return (
    <>
      <PublicHeader {...headerProps} />
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        {children}
      </Box>
    </>
  );
}
