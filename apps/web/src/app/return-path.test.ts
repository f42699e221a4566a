import { describe, expect, it } from 'vitest';
import type { Role } from '@agency/shared';
import type { NavigationDecision } from './navigation.ts';
import { afterSessionEnded, safeReturnPath, signInReturningTo } from './return-path.ts';

describe('safeReturnPath: only a page of this app the role may open', () => {
  const table: Array<[string | null, Role, string | null]> = [
    // the page the person was on, with its query and fragment
    ['/app/setting/payment', 'user', '/app/setting/payment'],
    ['/app/setting/payment?tab=requests', 'user', '/app/setting/payment?tab=requests'],
    ['/app/mydesk/usersProfile?id=42#bank', 'admin', '/app/mydesk/usersProfile?id=42#bank'],
    ['/app/setting/earnings', 'admin', '/app/setting/earnings'],
    // another role's page would be not found: the landing page instead
    ['/app/mydesk/users', 'user', null],
    ['/app/setting/publisher', 'admin', null],
    // never another origin, scheme or a path outside /app/
    ['https://evil.example/app/setting/payment', 'user', null],
    ['//evil.example/app/setting/payment', 'user', null],
    ['/\\evil.example/app', 'user', null],
    ['/app/\\\\evil.example', 'user', null],
    ['javascript:alert(1)', 'user', null],
    ['/app/../kayit', 'user', null],
    ['/app/%2e%2e/%2e%2e/evil', 'user', null],
    ['/', 'user', null],
    ['/kayit', 'user', null],
    ['app/setting/payment', 'user', null],
    ['/app/setting/payment\n', 'user', null],
    ['/app/setting/pay ment', 'user', null],
    // sign-in pages and demo paths that only redirect
    ['/app/sessions/signIn', 'user', null],
    ['/app/mydesk/cars', 'admin', null],
    ['/app/unknown/page', 'user', null],
    // nothing, or too long
    [null, 'user', null],
    ['', 'user', null],
    [`/app/setting/payment?q=${'x'.repeat(600)}`, 'user', null],
  ];
  it.each(table)('%j for %s -> %j', (next, role, expected) => {
    expect(safeReturnPath(next, role)).toBe(expected);
  });
});

describe('afterSessionEnded: a refused session leads to sign in and back', () => {
  const home: NavigationDecision = { kind: 'redirect', to: '/' };
  it('sends a signed-in path to the sign-in page with the path to come back to', () => {
    expect(afterSessionEnded(home, '/app/setting/payment', '?tab=requests', true)).toEqual({
      kind: 'redirect',
      to: '/app/sessions/signIn?next=%2Fapp%2Fsetting%2Fpayment%3Ftab%3Drequests',
    });
    expect(signInReturningTo('/app/setting/payment?tab=requests')).toBe('/app/sessions/signIn?next=%2Fapp%2Fsetting%2Fpayment%3Ftab%3Drequests');
  });
  it('changes nothing without an ended session, nor for other decisions', () => {
    expect(afterSessionEnded(home, '/app/setting/payment', '', false)).toEqual(home);
    expect(afterSessionEnded({ kind: 'render' }, '/app/sessions/signIn', '', true)).toEqual({ kind: 'render' });
    expect(afterSessionEnded({ kind: 'notFound' }, '/nowhere', '', true)).toEqual({ kind: 'notFound' });
    // A demo page (not product) still goes to the landing page.
    expect(afterSessionEnded(home, '/allCar', '', true)).toEqual(home);
  });
});
