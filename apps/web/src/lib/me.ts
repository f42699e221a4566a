import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Locale, Me, MyProfile } from '@agency/shared';
import { api } from './api-client.ts';
import { changeLanguage } from './i18n.ts';
import { notifyError } from './notify.ts';
import { useSession } from './use-session.ts';

/** `GET /api/me/profile`'s cache key (the profile screens and the language menu share it). */
export const MY_PROFILE_QUERY_KEY = ['me', 'profile'] as const;

/** `GET /api/me/profile`: own member fields, bank details, picture and referral link. */
export function useMyProfile() {
  return useQuery({ queryKey: MY_PROFILE_QUERY_KEY, queryFn: async () => (await api.get<MyProfile>('/me/profile')).data });
}

/** The signed-in person (`GET /api/me`); disabled without a session. */
export function useMe() {
  const session = useSession();
  return useQuery({
    queryKey: ['me', session?.uid],
    queryFn: async () => (await api.get<Me>('/me')).data,
    enabled: Boolean(session),
    staleTime: 5 * 60_000,
    meta: { progress: false },
  });
}

/** Profile writes of the language, one after the other: the last choice is the one that stays. */
let languageWrites: Promise<unknown> = Promise.resolve();

/**
 * The language menu of a signed-in person. A person's language is one setting (docs/product.md §18):
 * the interface switches at once (and the browser remembers it), and the profile is written with
 * the language alone (`PUT /api/me/profile`), so SMS, e-mails, invoices and notifications follow,
 * and "My details" and the next sign-in show the same choice.
 */
export function useChooseLanguage(): (locale: Locale) => void {
  const client = useQueryClient();
  const session = useSession();
  return useCallback(
    (locale: Locale) => {
      void changeLanguage(locale);
      if (!session) return;
      const write = languageWrites.then(() => api.put<MyProfile>('/me/profile', { locale }));
      languageWrites = write.catch(() => undefined);
      write.then(
        ({ data }) => {
          client.setQueryData(MY_PROFILE_QUERY_KEY, data);
          client.setQueryData<Me>(['me', session.uid], (me) => (me ? { ...me, locale: data.locale } : me));
        },
        (error: unknown) => notifyError(error),
      );
    },
    [client, session],
  );
}
