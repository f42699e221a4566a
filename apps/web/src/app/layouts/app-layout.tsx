import { Suspense, useEffect } from 'react';
import { AppShell, Burger, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { LANDING_PATH } from '@agency/shared';
import { AgencyMark } from '../../components/agency-mark.tsx';
import { ErrorBoundary } from '../../components/error-boundary.tsx';
import { LanguageMenu } from '../../components/language-menu.tsx';
import { NotFoundState } from '../../components/not-found-state.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link.tsx';
import { useChooseLanguage } from '../../lib/me.ts';
import { requestOverlayHost } from '../../lib/overlay-host.ts';
import { useAgencyName } from '../../lib/public-settings.ts';
import { useSession } from '../../lib/use-session.ts';
import { useNavigationDecision } from '../guard.tsx';
import { QueryScope } from '../query-scope.tsx';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { AppNavbar } from './app-navbar.tsx';
import { BottomNavigation } from './bottom-navigation.tsx';
import { NotificationBell } from './notification-bell.tsx';
import { UserMenu } from './user-menu.tsx';
import classes from './app-layout.module.css';

/**
 * docs/product.md §19: the sidebar is closed at 1200 px wide and below (the burger opens it) and open
 * above. Mantine's AppShell switches to its "mobile" mode below the breakpoint, hence 1201.
 */
const NAVBAR_BREAKPOINT = 1201;

/** The signed-in layout, with server state (react-query) for the layout and its screens. */
export default function AppLayout() {
  return (
    <QueryScope>
      <AppLayoutContent />
    </QueryScope>
  );
}

/** The header, the role's sidebar, the screen, and on phones the member's bottom bar. */
function AppLayoutContent() {
  const { t } = useTranslation(['nav', 'common']);
  const session = useSession();
  const decision = useNavigationDecision();
  const { pathname } = useLocation();
  const agencyName = useAgencyName();
  const [navbarOpened, navbar] = useDisclosure(false);
  // The header's language menu writes the person's profile too (one language setting).
  const chooseLanguage = useChooseLanguage();
  useHotkeys([['Escape', navbar.close]]);
  // Signed-in screens show toasts and confirmations: have their host ready.
  useEffect(() => {
    void requestOverlayHost();
  }, []);

  // Only a public not-found path (/app/sessions/...) reaches here without a session.
  if (!session) return <NotFoundPage />;
  const isMember = session.role === 'user';

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 264, breakpoint: NAVBAR_BREAKPOINT, collapsed: { mobile: !navbarOpened, desktop: false } }}
      footer={isMember ? { height: { base: 64, sm: 0 } } : undefined}
      padding={{ base: 'md', sm: 'lg' }}
    >
      <AppShell.Header>
        <SkipLink />
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              className={classes.burger}
              opened={navbarOpened}
              onClick={navbar.toggle}
              size="sm"
              aria-label={t(navbarOpened ? 'nav:closeNavigation' : 'nav:openNavigation')}
              aria-expanded={navbarOpened}
              aria-controls="app-navbar"
            />
            <UnstyledButton component={Link} to={LANDING_PATH[session.role]} className={classes.brand}>
              <AgencyMark name={agencyName} className={classes.mark} logoClassName={classes.logo} />
              <Text component="span" fw={800} className={classes.name}>
                {agencyName}
              </Text>
            </UnstyledButton>
          </Group>
          <Group gap={4} wrap="nowrap" className={classes.tools}>
            {isMember && <NotificationBell />}
            <LanguageMenu onChange={chooseLanguage} />
            <UserMenu session={session} />
          </Group>
        </Group>
      </AppShell.Header>

      {navbarOpened && <div className={classes.backdrop} onClick={navbar.close} aria-hidden />}
      <AppShell.Navbar id="app-navbar" aria-label={t('nav:mainNavigation')} className={classes.navbar}>
        <AppNavbar role={session.role} onNavigate={navbar.close} />
      </AppShell.Navbar>

      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoader />}>{decision.kind === 'notFound' ? <NotFoundState /> : <Outlet />}</Suspense>
        </ErrorBoundary>
      </AppShell.Main>

      {isMember && (
        <AppShell.Footer hiddenFrom="sm">
          <BottomNavigation />
        </AppShell.Footer>
      )}
    </AppShell>
  );
}
