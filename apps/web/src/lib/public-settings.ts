import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicSettings } from '@agency/shared';
import { api } from './api-client.ts';

/**
 * A light shape check instead of the zod schema: this runs on the landing page, whose entry chunk
 * stays small. Fields that are missing or of the wrong type fall back to the translated defaults.
 */
function toPublicSettings(value: unknown): Partial<PublicSettings> {
  if (!value || typeof value !== 'object') return {};
  const source = value as Record<string, unknown>;
  const result: Partial<PublicSettings> = {};
  for (const key of ['agencyName', 'pageTitle', 'pageDescription', 'contactPhone', 'contactEmail', 'contactAddress', 'supportHours'] as const) {
    const field = source[key];
    if (typeof field === 'string' && field.trim() !== '') result[key] = field.trim();
  }
  if (typeof source.referralsEnabled === 'boolean') result.referralsEnabled = source.referralsEnabled;
  // A same-origin path (`/api/settings/logo?v=…`) only: the URL ends up in <img src> and <link rel="icon">.
  if (typeof source.logoUrl === 'string' && source.logoUrl.startsWith('/') && !source.logoUrl.startsWith('//')) result.logoUrl = source.logoUrl;
  else if (source.logoUrl === null) result.logoUrl = null;
  return result;
}

async function fetchPublicSettings(): Promise<Partial<PublicSettings>> {
  const { data } = await api.get<unknown>('/settings/public');
  return toPublicSettings(data);
}

/** What usePublicSettings returns: the fields of a react-query result that callers read. */
export interface PublicSettingsResult {
  data: Partial<PublicSettings> | undefined;
  error: unknown;
  isPending: boolean;
  isLoading: boolean;
  isFetching: boolean;
  isSuccess: boolean;
  isError: boolean;
  status: 'pending' | 'success' | 'error';
  refetch: () => Promise<void>;
}

const STALE_MS = 5 * 60_000;
const RETRIES = 2;

/**
 * A tiny cache instead of react-query, so that the landing page does not download it: one request
 * at a time, the answer kept for 5 minutes (then fetched again on the next mount), two retries
 * after a failure. The cache is dropped once nothing shows the settings any more.
 */
let result: PublicSettingsResult = createResult({ status: 'pending', fetching: false });
/**
 * What the prerendered landing page (built without the settings) shows, and so what hydration
 * renders first; React then re-renders with the current answer.
 */
const PRERENDERED_RESULT = result;
let inFlight: Promise<void> | null = null;
let fetchedAt = 0;
let subscribers = 0;
const listeners = new Set<() => void>();

function createResult({ status, data, error, fetching }: { status: PublicSettingsResult['status']; data?: Partial<PublicSettings>; error?: unknown; fetching: boolean }): PublicSettingsResult {
  return {
    data,
    error: error ?? null,
    status,
    isPending: status === 'pending',
    isLoading: status === 'pending' && fetching,
    isFetching: fetching,
    isSuccess: status === 'success',
    isError: status === 'error',
    refetch: refreshPublicSettings,
  };
}

function set(next: PublicSettingsResult): void {
  result = next;
  listeners.forEach((listener) => listener());
}

async function fetchWithRetry(): Promise<Partial<PublicSettings>> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await fetchPublicSettings();
    } catch (error) {
      const clientError = typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number' && error.status >= 400 && error.status < 500;
      if (clientError || attempt >= RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** attempt));
    }
  }
}

/** Fetches the settings again now (e.g. after an admin changed them); callers re-render with the answer. */
export function refreshPublicSettings(): Promise<void> {
  if (inFlight) return inFlight;
  set(createResult({ status: result.status, data: result.data, error: result.error, fetching: true }));
  const request = fetchWithRetry()
    .then(
      (data) => {
        fetchedAt = Date.now();
        set(createResult({ status: 'success', data, fetching: false }));
      },
      (error: unknown) => {
        set(createResult({ status: result.data ? 'success' : 'error', data: result.data, error, fetching: false }));
      },
    )
    .finally(() => {
      inFlight = null;
    });
  inFlight = request;
  return request;
}

/** Starts the request early (main.tsx) unless the settings are fresh or on their way. */
export function prefetchPublicSettings(): void {
  if (inFlight || (result.status === 'success' && Date.now() - fetchedAt < STALE_MS)) return;
  void refreshPublicSettings();
}

/** Replaces the cached settings, e.g. with what the server answered to a change. */
export function setPublicSettingsData(data: Partial<PublicSettings>): void {
  fetchedAt = Date.now();
  set(createResult({ status: 'success', data: toPublicSettings(data), fetching: inFlight !== null }));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  subscribers += 1;
  return () => {
    listeners.delete(listener);
    subscribers -= 1;
    // Nothing shows the settings any more (tests unmount everything): forget them once settled.
    if (subscribers === 0 && !inFlight) {
      result = createResult({ status: 'pending', fetching: false });
      fetchedAt = 0;
    }
  };
}

/**
 * The agency's public settings (`GET /api/settings/public`): name, page title and description,
 * contact details, support hours, logo URL. `data` holds only the fields the server sent (non-empty); it is
 * undefined while loading or when the call failed, so read it with a fallback (see useAgencyName).
 * Page furniture, not a screen's data: it does not run the top progress bar.
 */
export function usePublicSettings(): PublicSettingsResult {
  const current = useSyncExternalStore(subscribe, () => result, () => PRERENDERED_RESULT);
  useEffect(() => {
    prefetchPublicSettings();
  }, []);
  return current;
}

/** The agency logo's URL (`/api/settings/logo?v=…`), or null when none was uploaded or while loading. */
export function useAgencyLogo(): string | null {
  return usePublicSettings().data?.logoUrl ?? null;
}

/** The agency name from the settings, or the translated fallback `common:app.name`. */
export function useAgencyName(): string {
  const { t } = useTranslation('common');
  const { data } = usePublicSettings();
  return data?.agencyName ?? t('app.name');
}
