import { LANDING_PATH, type Role } from '@agency/shared';
import { DEMO_PATHS, DEMO_SECTIONS, PUBLIC_PATHS, SECTION_ROOTS, SESSIONS_ROOT, appPathRoles } from './routes/paths.ts';

export type NavigationDecision = { kind: 'render' } | { kind: 'redirect'; to: string } | { kind: 'notFound' };

export interface NavigationSession {
  role: Role;
}

const RENDER: NavigationDecision = { kind: 'render' };
const NOT_FOUND: NavigationDecision = { kind: 'notFound' };

const lower = (paths: readonly string[]) => new Set(paths.map((path) => path.toLowerCase()));
const PUBLIC = lower(Object.values(PUBLIC_PATHS));
const DEMO = lower(DEMO_PATHS);
const DEMO_PREFIXES = DEMO_SECTIONS.map((section) => `${section.toLowerCase()}/`);
const DEMO_SECTION_ROOTS = lower(DEMO_SECTIONS);
const ROOTS = lower(SECTION_ROOTS);
const APP_ROLES = appPathRoles();
const SESSIONS = SESSIONS_ROOT.toLowerCase();

/** `/App/Setting/Publisher/` -> `/app/setting/publisher`; react-router matches case-insensitively too. */
function normalize(pathname: string): string {
  const path = pathname.replace(/\/{2,}/g, '/').replace(/(.)\/+$/, '$1');
  return (path.startsWith('/') ? path : `/${path}`).toLowerCase();
}

function isDemo(path: string): boolean {
  return DEMO.has(path) || DEMO_SECTION_ROOTS.has(path) || DEMO_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/**
 * The navigation rules of docs/product.md §19, in one pure function used by every route loader and
 * by the guard component (which re-runs it when the session changes):
 * - `/` with a stored role goes to that role's landing page;
 * - public pages render for everybody;
 * - template demo pages (and bare section paths such as `/app/mydesk`) go to the landing page of the
 *   signed-in person, or to `/` without a session; `/app/sessions` goes there too;
 * - any other `/app/...` path without a session goes to `/`;
 * - a signed-in path of the other role, or an unknown path, is not found.
 */
export function resolveNavigation(pathname: string, session: NavigationSession | null): NavigationDecision {
  const path = normalize(pathname);
  const home = session ? LANDING_PATH[session.role] : '/';

  if (path === '/') return session ? { kind: 'redirect', to: home } : RENDER;
  if (PUBLIC.has(path)) return RENDER;
  if (path === SESSIONS || isDemo(path)) return { kind: 'redirect', to: home };
  // Unknown pages under /app/sessions are public: not found, signed in or not.
  if (path.startsWith(`${SESSIONS}/`)) return NOT_FOUND;

  if (path === '/app' || path.startsWith('/app/')) {
    if (!session) return { kind: 'redirect', to: '/' };
    if (ROOTS.has(path)) return { kind: 'redirect', to: home };
    return APP_ROLES.get(path)?.has(session.role) ? RENDER : NOT_FOUND;
  }
  return NOT_FOUND;
}

/** True for paths that belong in the signed-in layout (used to pick the not-found page's frame). */
export function isAppPath(pathname: string): boolean {
  const path = normalize(pathname);
  return (path === '/app' || path.startsWith('/app/')) && !path.startsWith(`${SESSIONS}/`) && path !== SESSIONS;
}
