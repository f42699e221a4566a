import { act, cleanup } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import i18next from 'i18next';
import { afterEach, beforeAll, vi } from 'vitest';
import type { Locale } from '@agency/shared';
import { changeLanguage, i18nReady } from '../i18n.ts';

/**
 * The start and end of a screen's tests: before them the app in `language` with `namespaces`
 * loaded; after each, no notification left, the screen unmounted and the fake API removed.
 */
export function setUpScreenTests(namespaces: string[], language: Locale = 'en'): void {
  beforeAll(async () => {
    await i18nReady;
    await changeLanguage(language);
    await i18next.loadNamespaces(namespaces);
  });
  afterEach(() => {
    act(() => {
      notifications.clean();
      notifications.cleanQueue();
    });
    cleanup();
    vi.unstubAllGlobals();
  });
}
