import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useProgressSource } from '../app/progress/progress-sources.ts';

/** Shown while a screen's code or translations load; keeps the top progress bar running. */
export function PageLoader() {
  const { t } = useTranslation('common');
  useProgressSource();
  return (
    <Center mih={240} py="xl">
      <Loader type="dots" aria-label={t('loading')} />
    </Center>
  );
}

/** For Suspense boundaries above the translations (no i18n yet): nothing visible, bar running. */
export function BlankLoader() {
  useProgressSource();
  return null;
}
