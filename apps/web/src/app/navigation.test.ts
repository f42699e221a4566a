import { describe, expect, it } from 'vitest';
import { resolveNavigation, type NavigationDecision, type NavigationSession } from './navigation.ts';
import { ADMIN_PATHS, DEMO_PATHS, MEMBER_PATHS, PUBLIC_PATHS } from './routes/paths.ts';

const visitor = null;
const member: NavigationSession = { role: 'user' };
const admin: NavigationSession = { role: 'admin' };

const render: NavigationDecision = { kind: 'render' };
const notFound: NavigationDecision = { kind: 'notFound' };
const to = (path: string): NavigationDecision => ({ kind: 'redirect', to: path });

const MEMBER_HOME = '/app/setting/publisher';
const ADMIN_HOME = '/app/mydesk/users';

describe('resolveNavigation', () => {
  const table: Array<[string, NavigationSession | null, NavigationDecision]> = [
    // the root
    ['/', visitor, render],
    ['/', member, to(MEMBER_HOME)],
    ['/', admin, to(ADMIN_HOME)],
    // public pages render for everybody
    ['/kayit', visitor, render],
    ['/kayit', member, render],
    ['/app/sessions/signIn', visitor, render],
    ['/app/sessions/signIn', admin, render],
    ['/app/sessions/signUp', visitor, render],
    ['/app/sessions/forgot', visitor, render],
    ['/app/sessions/reset', visitor, render],
    ['/app/sessions/verification', visitor, render],
    ['/app/sessions/signin', visitor, render],
    // /app/sessions itself goes home
    ['/app/sessions', visitor, to('/')],
    ['/app/sessions/', visitor, to('/')],
    ['/app/sessions', member, to(MEMBER_HOME)],
    ['/app/sessions/unknown', visitor, notFound],
    ['/app/sessions/unknown', member, notFound],
    // signed-in pages need a session
    ['/app/setting/publisher', visitor, to('/')],
    ['/app/mydesk/users', visitor, to('/')],
    ['/app/unknown/page', visitor, to('/')],
    ['/app', visitor, to('/')],
    // each role opens its own pages
    ['/app/setting/publisher', member, render],
    ['/app/dashboards/userDashboard', member, render],
    ['/app/profiledata/profile', member, render],
    ['/app/mydesk/users', admin, render],
    ['/app/setting/Setting', admin, render],
    ['/app/accounts/documentConfigurations', admin, render],
    // case and trailing slashes do not matter (react-router matches the same way)
    ['/APP/Setting/Publisher/', member, render],
    ['/app/setting/setting', admin, render],
    // the other role's pages are not found
    ['/app/mydesk/users', member, notFound],
    ['/app/mydesk/transaction', member, notFound],
    ['/app/dashboards/adminDashboard', member, notFound],
    ['/app/accounts/branding', member, notFound],
    ['/app/setting/Setting', member, notFound],
    ['/app/setting/publisher', admin, notFound],
    ['/app/setting/payment', admin, notFound],
    ['/app/profiledata/profile', admin, notFound],
    ['/app/dashboards/userDashboard', admin, notFound],
    // shared paths render the role's own screen
    ['/app/mydesk/notification', member, render],
    ['/app/mydesk/notification', admin, render],
    ['/app/setting/earnings', member, render],
    ['/app/setting/earnings', admin, render],
    ['/app/setting/deductions', member, render],
    ['/app/setting/deductions', admin, render],
    // template demo pages lead to the landing page, or to / without a session
    ['/app/mydesk/cars', member, to(MEMBER_HOME)],
    ['/app/mydesk/cars', admin, to(ADMIN_HOME)],
    ['/app/mydesk/cars', visitor, to('/')],
    ['/app/mydesk/foodOrderHistory', admin, to(ADMIN_HOME)],
    ['/app/ui-kits/buttons', member, to(MEMBER_HOME)],
    ['/app/ui-kits', admin, to(ADMIN_HOME)],
    ['/app/widgets/statistics', visitor, to('/')],
    ['/app/charts/apex/line', admin, to(ADMIN_HOME)],
    ['/app/homes/home.v1', member, to(MEMBER_HOME)],
    ['/app/dashboards/dashboard.v1', admin, to(ADMIN_HOME)],
    ['/app/setting/api', member, to(MEMBER_HOME)],
    ['/app/sessions/walletoffers', visitor, to('/')],
    ['/allCar', visitor, to('/')],
    ['/allCar', member, to(MEMBER_HOME)],
    ['/footerPage', admin, to(ADMIN_HOME)],
    ['/vertical-sidebar', visitor, to('/')],
    // bare section paths lead to the landing page
    ['/app', member, to(MEMBER_HOME)],
    ['/app/mydesk', admin, to(ADMIN_HOME)],
    ['/app/setting', member, to(MEMBER_HOME)],
    // unknown paths
    ['/does-not-exist', visitor, notFound],
    ['/does-not-exist', member, notFound],
    ['/app/unknown/page', member, notFound],
    ['/app/mydesk/users/extra', admin, notFound],
    ['/kayit/extra', visitor, notFound],
  ];

  it.each(table)('%s as %o -> %o', (path, session, expected) => {
    expect(resolveNavigation(path, session)).toEqual(expected);
  });

  it('lets each role open every one of its own paths and no path of the other role only', () => {
    const memberPaths = new Set(Object.values(MEMBER_PATHS).map((path) => path.toLowerCase()));
    const adminPaths = new Set(Object.values(ADMIN_PATHS).map((path) => path.toLowerCase()));
    for (const path of Object.values(MEMBER_PATHS)) {
      expect(resolveNavigation(path, member), path).toEqual(render);
      expect(resolveNavigation(path, visitor), path).toEqual(to('/'));
      if (!adminPaths.has(path.toLowerCase())) expect(resolveNavigation(path, admin), path).toEqual(notFound);
    }
    for (const path of Object.values(ADMIN_PATHS)) {
      expect(resolveNavigation(path, admin), path).toEqual(render);
      if (!memberPaths.has(path.toLowerCase())) expect(resolveNavigation(path, member), path).toEqual(notFound);
    }
  });

  it('renders every public page for visitors and sends every demo page away', () => {
    for (const path of Object.values(PUBLIC_PATHS).filter((path) => path !== '/')) {
      expect(resolveNavigation(path, visitor), path).toEqual(render);
    }
    for (const path of DEMO_PATHS) {
      expect(resolveNavigation(path, visitor), path).toEqual(to('/'));
      expect(resolveNavigation(path, admin), path).toEqual(to(ADMIN_HOME));
    }
  });
});
