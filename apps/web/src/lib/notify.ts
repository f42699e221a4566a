import { notifications, type NotificationData } from '@mantine/notifications';
import i18next from 'i18next';
import type { MessageCode } from '@agency/shared';
import { ApiError } from './api-client.ts';
import { loadNamespaces, SCREEN_NAMESPACES } from './i18n.ts';
import { requestOverlayHost } from './overlay-host.ts';

/**
 * Coloured toasts with a title and the catalogue message in the user's language.
 * Success texts are `messages:<code>`, failures `errors:<code>`. The toast host loads on first use
 * (lib/overlay-host.ts); a toast shown before it is there waits and appears when it mounts.
 */
/** The toast's close button is an icon: give it a name for screen readers. */
function closeButtonProps() {
  return { 'aria-label': i18next.t('common:actions.close') };
}

/** Shows the toast once its texts are there (`errors` and `messages` load with the screens). */
function show(notification: () => NotificationData): void {
  void requestOverlayHost();
  if (SCREEN_NAMESPACES.every((namespace) => i18next.hasLoadedNamespace(namespace))) notifications.show(notification());
  else void loadNamespaces(SCREEN_NAMESPACES).then(() => notifications.show(notification()));
}

export function notifySuccess(code: MessageCode): void {
  show(() => ({
    color: 'teal',
    closeButtonProps: closeButtonProps(),
    title: i18next.t('common:toast.successTitle'),
    message: i18next.t(`messages:${code}`),
  }));
}

export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    const key = `errors:${error.code}`;
    return i18next.exists(key) ? i18next.t(key) : i18next.t('errors:INTERNAL');
  }
  return i18next.t('errors:INTERNAL');
}

export function notifyError(error: unknown): void {
  show(() => ({ color: 'red', title: i18next.t('common:toast.errorTitle'), message: errorText(error), closeButtonProps: closeButtonProps() }));
}
