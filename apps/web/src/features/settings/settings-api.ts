import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSettings, AdminSettingsUpdate, PasswordChangeInput, ReferralCodeRotation, Session } from '@agency/shared';
import { api } from '../../lib/api-client.ts';
import { MY_PROFILE_QUERY_KEY } from '../../lib/me.ts';
import { refreshPublicSettings, setPublicSettingsData } from '../../lib/public-settings.ts';

const adminSettingsKey = ['admin', 'settings'] as const;

export function useAdminSettings() {
  return useQuery({ queryKey: adminSettingsKey, queryFn: async () => (await api.get<AdminSettings>('/admin/settings')).data });
}

/**
 * The public settings (headers, landing page, document head) live outside react-query: show what
 * the server answered at once, then fetch them again so that they match `GET /api/settings/public`.
 */
function showSavedPublicSettings(settings: AdminSettings): void {
  setPublicSettingsData(settings);
  void refreshPublicSettings();
}

/** Saves settings; the public settings (landing page, document head) refresh too. */
export function useUpdateSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminSettingsUpdate) => api.put<AdminSettings>('/admin/settings', input),
    onSuccess: (result) => {
      client.setQueryData(adminSettingsKey, result.data);
      showSavedPublicSettings(result.data);
    },
  });
}

/** Uploads the logo; the headers and the document's icon show it without a reload. */
export function useUploadLogo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.put<AdminSettings>('/admin/settings/logo', form);
    },
    onSuccess: (result) => {
      client.setQueryData(adminSettingsKey, result.data);
      showSavedPublicSettings(result.data);
    },
  });
}

/** The images printed on generated invoices (`/app/accounts/stamp`, `/app/accounts/eSignature`). */
export type InvoiceImageKind = 'stamp' | 'signature';

export function useUploadInvoiceImage(kind: InvoiceImageKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.put<AdminSettings>(`/admin/settings/${kind}`, form);
    },
    onSuccess: (result) => client.setQueryData(adminSettingsKey, result.data),
  });
}

export function useDeleteInvoiceImage(kind: InvoiceImageKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<AdminSettings>(`/admin/settings/${kind}`),
    onSuccess: (result) => client.setQueryData(adminSettingsKey, result.data),
  });
}


const ownSessionsKey = ['me', 'sessions'] as const;

export function useOwnSessions() {
  return useQuery({ queryKey: ownSessionsKey, queryFn: async () => (await api.get<Session[]>('/me/sessions')).data });
}

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<object>(`/me/sessions/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ownSessionsKey }),
  });
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordChangeInput) => api.put<{ endedSessions: number }>('/me/password', input),
    onSuccess: async () => {
      // A first password changes `hasPassword` of the profile.
      await Promise.all([client.invalidateQueries({ queryKey: ownSessionsKey }), client.invalidateQueries({ queryKey: MY_PROFILE_QUERY_KEY })]);
    },
  });
}

export function useRotateReferralCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => api.post<ReferralCodeRotation>(`/admin/members/${encodeURIComponent(memberId)}/referral-code/rotate`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'members'] }),
  });
}
