import { useSyncExternalStore } from 'react';
import { getSessionSnapshot, subscribeSession, type StoredSession } from './session.ts';

/** The stored session, re-rendering when it changes here or in another tab. */
export function useSession(): StoredSession | null {
  return useSyncExternalStore(subscribeSession, getSessionSnapshot, () => null);
}
