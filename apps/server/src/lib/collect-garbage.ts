type GcFunction = (options?: { type: 'major' | 'minor'; execution: 'async' | 'sync' }) => Promise<void> | void;

/**
 * Asks V8 for one full collection, off the current request (`execution: 'async'`), when node runs
 * with `--expose-gc` (`npm start` does; tests do not, and then this does nothing).
 *
 * For the end of a large one-off job only: an import of up to 200,000 rows leaves some hundred MB
 * of garbage. Left alone, V8 on a machine with much memory lets its old generation grow to about
 * four times what survived its last collection before it collects again, so imports back to back
 * raised the server's RSS to ~590 MB although each keeps ~60-120 MB alive (docs/decisions/006).
 * A heap limit (`--max-old-space-size`) also stops that, but lowers the growth factor for every
 * request and cost the cached member summary 20-35 % of its throughput.
 */
export function collectGarbageSoon(): void {
  const gc = (globalThis as { gc?: GcFunction }).gc;
  if (typeof gc !== 'function') return;
  try {
    void Promise.resolve(gc({ type: 'major', execution: 'async' })).catch(() => undefined);
  } catch {
    // a gc without options support: nothing to do
  }
}
