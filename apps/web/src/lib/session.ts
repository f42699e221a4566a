import type { Role } from '@agency/shared';

/**
 * What the browser keeps (docs/product.md §3): the access token, the role and a `userInfo`
 * entry with the uid, in local storage. Nothing else about the person is stored.
 */
const TOKEN_KEY = 'accessToken';
const ROLE_KEY = 'role';
const USER_INFO_KEY = 'userInfo';

export interface StoredSession {
  token: string;
  role: Role;
  uid: string;
}

export function readSession(): StoredSession | null {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    const role = localStorage.getItem(ROLE_KEY);
    const info = JSON.parse(localStorage.getItem(USER_INFO_KEY) ?? 'null') as { uid?: string } | null;
    if (!token || (role !== 'user' && role !== 'admin') || !info?.uid) return null;
    return { token, role, uid: info.uid };
  } catch {
    return null;
  }
}

/**
 * Set (in this tab only) when the server refused the stored session (401: the token expired or was
 * revoked): the next signed-in path opens the sign-in page with "Your session has ended" and the
 * path to come back to, instead of the landing page. Cleared by a sign-in and by a sign-out.
 */
const SESSION_ENDED_KEY = 'sessionEnded';

function setSessionEnded(ended: boolean): void {
  try {
    if (ended) sessionStorage.setItem(SESSION_ENDED_KEY, '1');
    else sessionStorage.removeItem(SESSION_ENDED_KEY);
  } catch {
    // Storage refused (private mode, quota): the person lands on `/` as before.
  }
}

/** True after the server refused this tab's stored session, until the next sign-in or sign-out. */
export function hasSessionEnded(): boolean {
  try {
    return sessionStorage.getItem(SESSION_ENDED_KEY) === '1';
  } catch {
    return false;
  }
}

function removeStoredSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(ROLE_KEY);
  localStorage.removeItem(USER_INFO_KEY);
  window.dispatchEvent(new Event('session-change'));
}

export function storeSession(session: StoredSession): void {
  setSessionEnded(false);
  localStorage.setItem(TOKEN_KEY, session.token);
  localStorage.setItem(ROLE_KEY, session.role);
  localStorage.setItem(USER_INFO_KEY, JSON.stringify({ uid: session.uid }));
  window.dispatchEvent(new Event('session-change'));
}

/** Sign-out and a failed sign-in clear everything (docs/product.md §3). */
export function clearSession(): void {
  setSessionEnded(false);
  removeStoredSession();
}

/**
 * The server answered 401 to a call made with `refused`: the session has ended (expired, revoked,
 * signed out elsewhere). Clears it and remembers why, unless it was already replaced or cleared
 * (the other calls of the same page answer 401 too; a new sign-in may have happened meanwhile).
 */
export function endSession(refused: StoredSession): void {
  if (readSession()?.token !== refused.token) return;
  setSessionEnded(true);
  removeStoredSession();
}

const SESSION_EVENT = 'session-change';
const STORAGE_KEYS: ReadonlySet<string | null> = new Set([TOKEN_KEY, ROLE_KEY, USER_INFO_KEY, null]);

/**
 * Calls `listener` when the session changes in this tab (storeSession/clearSession) or in another
 * tab (the `storage` event). Returns the unsubscribe function.
 */
export function subscribeSession(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (STORAGE_KEYS.has(event.key)) listener();
  };
  window.addEventListener(SESSION_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(SESSION_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}

let cachedRaw: string | null = null;
let cachedSession: StoredSession | null = null;

/** The stored session as a stable object (same reference while nothing changed), for useSyncExternalStore. */
export function getSessionSnapshot(): StoredSession | null {
  let raw: string;
  try {
    raw = JSON.stringify([localStorage.getItem(TOKEN_KEY), localStorage.getItem(ROLE_KEY), localStorage.getItem(USER_INFO_KEY)]);
  } catch {
    return null;
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = readSession();
  }
  return cachedSession;
}
