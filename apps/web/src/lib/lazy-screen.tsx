import { use, type ComponentType } from 'react';

/** docs/product.md §19: a lazily loaded chunk that has not arrived after 120 s counts as failed. */
const CHUNK_TIMEOUT_MS = 120_000;

/** A screen's code could not be downloaded (network error, new deployment, or time-out). */
export class ChunkLoadError extends Error {
  constructor(
    message: string,
    readonly reason: 'failed' | 'timeout',
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ChunkLoadError';
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Chunk did not load within ${timeoutMs} ms`, 'timeout')), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof ChunkLoadError ? error : new ChunkLoadError('Chunk failed to load', 'failed', { cause: error }));
      },
    );
  });
}

export interface LazyScreen {
  /** Downloads the screen's code once; a failure is forgotten so that the next call tries again. */
  preload(): Promise<ComponentType>;
  /** Renders the screen, suspending while its code downloads. */
  Component: ComponentType;
}

/**
 * A screen in its own chunk. Route loaders call `preload()` so that the router (and the progress
 * bar) waits for the code before showing the screen; `Component` suspends if it was not preloaded.
 * Unlike React.lazy, a failed download can be retried without reloading the page.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>, timeoutMs: number = CHUNK_TIMEOUT_MS): LazyScreen {
  let loaded: ComponentType | null = null;
  let pending: Promise<ComponentType> | null = null;

  function preload(): Promise<ComponentType> {
    if (loaded) return Promise.resolve(loaded);
    if (!pending) {
      pending = withTimeout(
        Promise.resolve().then(load),
        timeoutMs,
      ).then(
        (module) => {
          loaded = module.default;
          return loaded;
        },
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
    }
    return pending;
  }

  function LazyScreenComponent() {
    const Screen = loaded ?? use(preload());
    return <Screen />;
  }

  return { preload, Component: LazyScreenComponent };
}
