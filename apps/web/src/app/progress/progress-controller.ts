export interface ProgressState {
  visible: boolean;
  /** 0 to 100. */
  value: number;
}

export interface ProgressTimings {
  /** docs/product.md §19: the bar finishes this long after the navigation completed. */
  finishDelayMs: number;
  /** How often the bar creeps forward while waiting. */
  trickleMs: number;
  /** How long the full bar stays before it disappears (lets the width transition end). */
  fadeMs: number;
}

const DEFAULT_TIMINGS: ProgressTimings = { finishDelayMs: 500, trickleMs: 300, fadeMs: 250 };
export const HIDDEN: ProgressState = { visible: false, value: 0 };

const START_VALUE = 10;
const CEILING = 90;

/**
 * The progress bar's timing, without React: `setActive(true)` when a navigation (or a lazily loaded
 * screen, or its first data) starts loading, `setActive(false)` when it is done. The bar creeps
 * towards 90 % while active and, 500 ms after the last activity ended, fills up and disappears.
 */
export function createProgressController(onChange: (state: ProgressState) => void, timings: ProgressTimings = DEFAULT_TIMINGS) {
  let state: ProgressState = HIDDEN;
  let trickle: ReturnType<typeof setInterval> | undefined;
  let finish: ReturnType<typeof setTimeout> | undefined;
  let fade: ReturnType<typeof setTimeout> | undefined;

  const set = (next: ProgressState) => {
    state = next;
    onChange(state);
  };
  const stopTimers = () => {
    clearInterval(trickle);
    clearTimeout(finish);
    clearTimeout(fade);
    trickle = finish = fade = undefined;
  };
  const startTrickle = () => {
    trickle = setInterval(() => {
      set({ visible: true, value: Math.min(CEILING, state.value + (CEILING - state.value) * 0.15) });
    }, timings.trickleMs);
  };

  return {
    setActive(active: boolean) {
      if (active) {
        const finishing = finish !== undefined || fade !== undefined;
        if (state.visible && trickle !== undefined && !finishing) return;
        stopTimers();
        // Resuming while waiting to finish keeps the bar where it is; after it filled up, start over.
        const value = state.visible && state.value < 100 ? state.value : START_VALUE;
        set({ visible: true, value });
        startTrickle();
        return;
      }
      if (!state.visible || finish !== undefined || fade !== undefined) return;
      finish = setTimeout(() => {
        clearInterval(trickle);
        trickle = finish = undefined;
        set({ visible: true, value: 100 });
        fade = setTimeout(() => {
          fade = undefined;
          set(HIDDEN);
        }, timings.fadeMs);
      }, timings.finishDelayMs);
    },
    getState: () => state,
    dispose: stopTimers,
  };
}
