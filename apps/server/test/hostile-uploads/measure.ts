import { readFileSync, writeFileSync } from 'node:fs';

/** A figure of /proc/<pid>/status in MB (VmRSS: now; VmHWM: the peak since start or the last reset). */
export function statusMb(pid: number | 'self', field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** Resets VmHWM to the current RSS (Linux `clear_refs` 5); false when not allowed. */
export function resetPeak(pid: number | 'self'): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export interface Measured<T> {
  result: T | undefined;
  error: unknown;
  ms: number;
  /** The longest gap between two ticks of a 5 ms timer while `run` ran: how long the event loop was blocked at most. */
  maxStallMs: number;
  /** Peak RSS of this process while `run` ran, above its RSS before, in MB. */
  peakAboveMb: number;
}

/** Runs `run` in this process, watching the event loop and the memory. */
export async function measureInProcess<T>(run: () => Promise<T>): Promise<Measured<T>> {
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((resolve) => setTimeout(resolve, 20));
  resetPeak('self');
  const rssBefore = statusMb('self', 'VmRSS');
  let last = performance.now();
  let maxStallMs = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    maxStallMs = Math.max(maxStallMs, now - last);
    last = now;
  }, 5);
  const started = performance.now();
  let result: T | undefined;
  let error: unknown = null;
  try {
    result = await run();
  } catch (caught) {
    error = caught;
  }
  const ms = performance.now() - started;
  clearInterval(ticker);
  maxStallMs = Math.max(maxStallMs, performance.now() - last);
  return { result, error, ms, maxStallMs, peakAboveMb: statusMb('self', 'VmHWM') - rssBefore };
}
