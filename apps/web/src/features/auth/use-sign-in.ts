import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { LANDING_PATH, isLocale } from '@agency/shared';
import { RETURN_PARAM, safeReturnPath } from '../../app/return-path.ts';
import { ApiError, api } from '../../lib/api-client.ts';
import { changeLanguage, currentLocale } from '../../lib/i18n.ts';
import { clearSession, storeSession } from '../../lib/session.ts';
import { errorText, notifyError, notifySuccess } from '../../lib/notify.ts';
import { isSignInAnswer } from './session-response.ts';

/**
 * Posts a sign-in call and finishes the session: on success the token, role and uid are stored,
 * the interface takes the profile's language, "Login successfully" shows and the page the person
 * was on when their session ended opens (`?next=`, only a path of this app the role may open;
 * app/return-path.ts), else the role's landing page; any failure clears the session
 * (docs/product.md §3) and returns the translated error for the form.
 */
export function useSignIn(path: '/auth/otp/verify' | '/auth/login') {
  const navigate = useNavigate();
  const { search } = useLocation();
  const queryClient = useQueryClient();
  const [isPending, setPending] = useState(false);

  const signIn = useCallback(
    async (body: Record<string, string>): Promise<{ ok: true } | { ok: false; error: unknown; message: string }> => {
      setPending(true);
      try {
        const { data } = await api.post<unknown>(path, body);
        if (!isSignInAnswer(data)) throw new ApiError(500, 'INTERNAL', 'Malformed sign-in answer');
        // The person's language is their profile's: the interface takes it on sign-in.
        const { locale } = data.user;
        if (isLocale(locale) && locale !== currentLocale()) await changeLanguage(locale).catch(() => undefined);
        // A session that ended (401) left the previous person's answers in the cache; a sign-out clears
        // them, an ended session could not: the new session starts without them.
        queryClient.clear();
        storeSession({ token: data.token, role: data.role, uid: data.user.uid });
        notifySuccess('LOGIN_SUCCESS');
        const back = safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM), data.role);
        navigate(back ?? LANDING_PATH[data.role], { replace: true });
        return { ok: true };
      } catch (error) {
        clearSession();
        notifyError(error);
        return { ok: false, error, message: errorText(error) };
      } finally {
        setPending(false);
      }
    },
    [navigate, path, queryClient, search],
  );

  return { signIn, isPending };
}
