// Pacing of the upload readers' long synchronous work (xlsx-reader.ts, csv-reader.ts): a yield to
// the event loop whenever a few milliseconds of work have run.

const YIELD_AFTER_MS = 5;

/** Yields to the event loop when more than YIELD_AFTER_MS of work ran since the last yield. */
export class Pacer {
  private last = performance.now();

  async pace(): Promise<void> {
    if (performance.now() - this.last < YIELD_AFTER_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.last = performance.now();
  }
}
