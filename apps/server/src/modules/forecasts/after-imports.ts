import type { DailyBriefSender } from './daily-brief.ts';
import type { ForecastsService } from './forecasts.service.ts';

/**
 * What follows a committed import, `delaySeconds` later (BRIEF_DELAY_SECONDS): the daily brief
 * (the day's first run claims the day) and this month's forecasts computed ahead of the screens.
 * One run after the other; a failure is logged, never the import's. `stop()` drops a pending delay
 * and waits for a run under way (the app's close).
 */
export function createAfterImports(deps: { brief: DailyBriefSender; forecasts: ForecastsService; delaySeconds: number; log: { warn(object: unknown, message: string): void } }) {
  let running: Promise<number> = Promise.resolve(0);
  let timer: NodeJS.Timeout | null = null;
  const run = () => {
    timer = null;
    running = running
      .catch(() => 0)
      .then(async () => {
        const sent = await deps.brief.send();
        await deps.forecasts.warmUp();
        return sent;
      })
      .catch((error: unknown) => {
        deps.log.warn({ err: { message: (error as Error).message } }, 'daily brief failed');
        return 0;
      });
  };
  return {
    /** After a committed import: the run, unless one is already waiting. */
    schedule(): void {
      if (timer) return;
      if (deps.delaySeconds === 0) return run();
      timer = setTimeout(run, deps.delaySeconds * 1000);
      timer.unref();
    },
    /** Resolves once the runs due so far are done (how many people got a brief in the last). */
    idle: (): Promise<number> => running,
    async stop(): Promise<void> {
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
