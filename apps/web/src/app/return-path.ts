import type { Role } from '@agency/shared';
import { isAppPath, resolveNavigation, type NavigationDecision } from './navigation.ts';
import { PUBLIC_PATHS } from './routes/paths.ts';

/** The query parameter of the sign-in page naming where to go back to after signing in. */
export const RETURN_PARAM = 'next';

/** Longer than any real path of the app with its query; anything longer is not followed. */
const MAX_RETURN_LENGTH = 512;
/** Resolves relative paths only: a value that leaves this origin is refused. */
const BASE = 'https://portal.invalid';

/** `/app/sessions/signIn?next=<path>`: the sign-in page that brings the person back to `path`. */
export function signInReturningTo(path: string): string {
  return `${PUBLIC_PATHS.signIn}?${RETURN_PARAM}=${encodeURIComponent(path)}`;
}

/**
 * Where a visitor on `pathname` goes when the server refused the session they had (lib/session.ts
 * `hasSessionEnded`): to the sign-in page, which says that the session has ended and comes back
 * here afterwards, instead of the landing page a visitor without a session gets (docs/product.md §19).
 * Every other decision stays as it is.
 */
export function afterSessionEnded(decision: NavigationDecision, pathname: string, search: string, sessionEnded: boolean): NavigationDecision {
  if (!sessionEnded || decision.kind !== 'redirect' || decision.to !== '/' || !isAppPath(pathname)) return decision;
  return { kind: 'redirect', to: signInReturningTo(`${pathname}${search}`) };
}

/**
 * The `next` of the sign-in page if it is safe to open for `role` after signing in: a path of this
 * app under `/app/` (never another origin, `//host`, `/\host`, a `javascript:` URL or a sign-in
 * page), that the role may open (not another role's page, not a demo page that redirects);
 * otherwise null, and the role's landing page opens.
 */
export function safeReturnPath(next: string | null | undefined, role: Role): string | null {
  if (typeof next !== 'string' || next.length === 0 || next.length > MAX_RETURN_LENGTH) return null;
  // Only a plain absolute path: no scheme, no protocol-relative `//`, no backslashes browsers read as slashes, no control characters.
  // eslint-disable-next-line no-control-regex
  if (!next.startsWith('/app/') || next.startsWith('//') || /[\\\u0000-\u001f\u007f\s]/.test(next)) return null;
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || !url.pathname.startsWith('/app/')) return null;
  if (resolveNavigation(url.pathname, { role }).kind !== 'render' || !isAppPath(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
