import { describe, expect, it } from 'vitest';
import { snapshotLists } from '../forecasts/index.ts';
import { SnapshotFigures } from './snapshot-figures.ts';

/** Sets a creator's figures as the month writer does: a slot the first time, kept for its later rows. */
function setter(figures: SnapshotFigures) {
  const slots = new Map<string, number>();
  return (creatorId: string, diamonds: number, validDays: number, liveSeconds: number) => {
    let slot = slots.get(creatorId);
    if (slot === undefined) {
      slot = figures.add(creatorId);
      slots.set(creatorId, slot);
    }
    figures.setAt(slot, diamonds, validDays, liveSeconds);
  };
}

describe("an upload's snapshot figures", () => {
  it('lists each creator once, in the order first seen, with the figures set last, as snapshotLists does', () => {
    const figures = new SnapshotFigures();
    const set = setter(figures);
    set('a', 2_980_000, 12, 431_251);
    set('b', 7, 1, 60);
    set('c', Number.MAX_SAFE_INTEGER, 31, 1);
    // A creator listed twice: the later figures replace the earlier, in the earlier's place.
    set('b', 0, 0, 0);
    const expected = { creatorCount: 3, creatorIds: 'a,b,c', diamonds: `2980000,0,${Number.MAX_SAFE_INTEGER}`, validDays: '12,0,31', liveSeconds: '431251,0,1' };
    expect(figures.lists()).toEqual(expected);
    const rows = [
      { creatorId: 'a', diamonds: 2_980_000, validDays: 12, liveSeconds: 431_251 },
      { creatorId: 'b', diamonds: 0, validDays: 0, liveSeconds: 0 },
      { creatorId: 'c', diamonds: Number.MAX_SAFE_INTEGER, validDays: 31, liveSeconds: 1 },
    ];
    expect(snapshotLists(rows)).toEqual(expected);
    expect(new SnapshotFigures().lists()).toEqual({ creatorCount: 0, creatorIds: '', diamonds: '', validDays: '', liveSeconds: '' });
  });

  it('grows past its first slots and keeps every figure', () => {
    const figures = new SnapshotFigures();
    const set = setter(figures);
    const count = 5_000;
    for (let index = 0; index < count; index += 1) set(`id${index}`, index * 3, index % 32, index * 60);
    const lists = figures.lists();
    expect(lists.creatorCount).toBe(count);
    expect(lists.creatorIds.split(',')).toEqual(Array.from({ length: count }, (_, index) => `id${index}`));
    expect(lists.diamonds.split(',').map(Number)).toEqual(Array.from({ length: count }, (_, index) => index * 3));
    expect(lists.validDays.split(',').map(Number)).toEqual(Array.from({ length: count }, (_, index) => index % 32));
    expect(lists.liveSeconds.split(',').map(Number)).toEqual(Array.from({ length: count }, (_, index) => index * 60));
  });

  it('refuses diamonds that are not a whole number, naming the creator', () => {
    const figures = new SnapshotFigures();
    const set = setter(figures);
    set('a', 1, 0, 0);
    set('b', 1.5, 0, 0);
    expect(() => figures.lists()).toThrow(/snapshot figures of b are not whole numbers/);
  });

  it('keeps a slot added without figures at zero, and refuses a slot it did not give', () => {
    const figures = new SnapshotFigures();
    const slot = figures.add('a');
    expect(figures.lists()).toEqual({ creatorCount: 1, creatorIds: 'a', diamonds: '0', validDays: '0', liveSeconds: '0' });
    expect(() => figures.setAt(slot + 1, 1, 1, 1)).toThrow(/No snapshot slot 1/);
    expect(() => figures.setAt(-1, 1, 1, 1)).toThrow(/No snapshot slot -1/);
  });
});
