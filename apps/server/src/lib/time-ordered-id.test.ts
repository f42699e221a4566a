import { describe, expect, it } from 'vitest';
import { createTimeOrderedIds } from './time-ordered-id.ts';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('time-ordered ids (UUID version 7)', () => {
  it('are version 7 UUIDs whose first 48 bits are the Unix milliseconds', () => {
    const at = Date.UTC(2026, 10, 24, 23, 59, 30, 123);
    const id = createTimeOrderedIds(() => at)();
    expect(id).toMatch(UUID_V7);
    expect(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
  });

  it('each id sorts after the one before, within one millisecond and across them (as PostgreSQL compares uuids: bytewise)', () => {
    let ms = 1_790_000_000_000;
    const next = createTimeOrderedIds(() => ms);
    const ids: string[] = [];
    for (let index = 0; index < 50_000; index += 1) {
      if (index % 10_000 === 0) ms += 1;
      ids.push(next());
    }
    expect(new Set(ids).size).toBe(ids.length);
    for (let index = 1; index < ids.length; index += 1) expect(ids[index]! > ids[index - 1]!).toBe(true);
    for (const id of ids) expect(id).toMatch(UUID_V7);
  });

  it('stays increasing when the clock steps back', () => {
    let ms = 1_790_000_000_500;
    const next = createTimeOrderedIds(() => ms);
    const first = next();
    ms -= 400;
    const second = next();
    expect(second > first).toBe(true);
    expect(second.slice(0, 13)).toBe(first.slice(0, 13));
  });

  it('carries 44 random bits: two sequences of the same millisecond differ', () => {
    const a = createTimeOrderedIds(() => 1_790_000_000_000)();
    const b = createTimeOrderedIds(() => 1_790_000_000_000)();
    expect(a).not.toBe(b);
  });
});
