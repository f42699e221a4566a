import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PublicSettings } from '@agency/shared';
import { api } from './api-client.ts';

export const publicSettingsQueryKey = ['settings', 'public'] as const;

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
  return result;
}

export async function fetchPublicSettings(): Promise<Partial<PublicSettings>> {
  const { data } = await api.get<unknown>('/settings/public');
  return toPublicSettings(data);
}

/**
 * The agency's public settings (`GET /api/settings/public`): name, page title and description,
 * contact details, support hours. `data` holds only the fields the server sent (non-empty); it is
 * undefined while loading or when the call failed, so read it with a fallback (see useAgencyName).
 */
export function usePublicSettings() {
  return useQuery({
    queryKey: publicSettingsQueryKey,
    queryFn: fetchPublicSettings,
    staleTime: 5 * 60_000,
    // Page furniture, not a screen's data: it does not run the top progress bar.
    meta: { progress: false },
  });
}

/** The agency name from the settings, or the translated fallback `common:app.name`. */
export function useAgencyName(): string {
  const { t } = useTranslation('common');
  const { data } = usePublicSettings();
  return data?.agencyName ?? t('app.name');
}
