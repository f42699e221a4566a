import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsNavigating } from '../app-router.tsx';
import { createProgressController, HIDDEN, type ProgressState } from './progress-controller.ts';
import { useActiveProgressSources } from './progress-sources.ts';
import classes from './progress-bar.module.css';

/**
 * The slim bar at the top of the page. It runs while the router loads a route (a screen's code and
 * translations are fetched by the route loaders), while a Suspense fallback is shown, and while a
 * query loads for the first time (no data yet); it finishes 500 ms after all of that ended.
 */
export function TopProgressBar() {
  const { t } = useTranslation('common');
  const navigating = useIsNavigating();
  const sources = useActiveProgressSources();
  // Suspense fallbacks, and a screen's first data load (QueryScope in app/query-scope.tsx).
  const active = navigating || sources > 0;

  const [state, setState] = useState<ProgressState>(HIDDEN);
  const controller = useRef<ReturnType<typeof createProgressController> | null>(null);

  useEffect(() => {
    const progress = createProgressController(setState);
    controller.current = progress;
    return () => {
      progress.dispose();
      controller.current = null;
    };
  }, []);

  useEffect(() => {
    controller.current?.setActive(active);
  }, [active]);

  if (!state.visible) return null;
  return (
    <div
      className={classes.bar}
      role="progressbar"
      aria-label={t('a11y.pageLoading')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(state.value)}
      style={{ width: `${state.value}%` }}
    />
  );
}
