import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectGarbageSoon } from './collect-garbage.ts';

const holder = globalThis as { gc?: unknown };
const original = holder.gc;

afterEach(() => {
  if (original === undefined) delete holder.gc;
  else holder.gc = original;
});

describe('collectGarbageSoon', () => {
  it('asks for one full collection off the request when node exposes gc', () => {
    const gc = vi.fn(() => Promise.resolve());
    holder.gc = gc;
    collectGarbageSoon();
    expect(gc).toHaveBeenCalledTimes(1);
    expect(gc).toHaveBeenCalledWith({ type: 'major', execution: 'async' });
  });

  it('does nothing without --expose-gc, and never throws from a failing gc', async () => {
    delete holder.gc;
    expect(() => collectGarbageSoon()).not.toThrow();
    holder.gc = vi.fn(() => {
      throw new Error('no options');
    });
    expect(() => collectGarbageSoon()).not.toThrow();
    holder.gc = vi.fn(() => Promise.reject(new Error('async failure')));
    expect(() => collectGarbageSoon()).not.toThrow();
    await new Promise((resolve) => setImmediate(resolve));
  });
});
