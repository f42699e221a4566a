import type { Role } from '@agency/shared';

/**
 * What the browser keeps (PRODUCT section 3): the access token, the role and a `userInfo`
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

export function hasStoredToken(): boolean {
  return Boolean(localStorage.getItem(TOKEN_KEY));
}

export function storeSession(session: StoredSession): void {
  localStorage.setItem(TOKEN_KEY, session.token);
  localStorage.setItem(ROLE_KEY, session.role);
  localStorage.setItem(USER_INFO_KEY, JSON.stringify({ uid: session.uid }));
  window.dispatchEvent(new Event('session-change'));
}

/** Sign-out and a failed sign-in clear everything (SPEC section 4). */
export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(ROLE_KEY);
  localStorage.removeItem(USER_INFO_KEY);
  window.dispatchEvent(new Event('session-change'));
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
