import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { mayWrite } from '../db/client.ts';
import { sessions } from '../db/schema.ts';
import { createReadCache } from './read-cache.ts';

function fakeClock(start = 0) {
  let ms = start;
  return { now: () => new Date(ms), advance: (by: number) => (ms += by) };
}

describe('createReadCache', () => {
  it('stores nothing and answers nothing until live, and empties itself when it stops being live', () => {
    const cache = createReadCache({ clock: fakeClock() });
    const area = cache.area<string>('a');
    area.set('k', 'v', cache.ticket());
    expect(area.get('k')).toBeUndefined();
    cache.setLive(true);
    area.set('k', 'v', cache.ticket());
    expect(area.get('k')).toBe('v');
    cache.setLive(false);
    expect(area.get('k')).toBeUndefined();
    cache.setLive(true);
    expect(area.get('k')).toBeUndefined();
  });

  it('refuses a result read before a clear (the ticket of an older generation)', () => {
    const cache = createReadCache({ clock: fakeClock() });
    cache.setLive(true);
    const area = cache.area<number>('a');
    const ticket = cache.ticket();
    cache.clear();
    area.set('k', 1, ticket);
    expect(area.get('k')).toBeUndefined();
    area.set('k', 2, cache.ticket());
    expect(area.get('k')).toBe(2);
  });

  it('expires entries after the TTL; a TTL of 0 turns the cache off', () => {
    const clock = fakeClock();
    const cache = createReadCache({ clock, ttlMs: 2_000 });
    cache.setLive(true);
    const area = cache.area<number>('a');
    area.set('k', 1, cache.ticket());
    clock.advance(1_999);
    expect(area.get('k')).toBe(1);
    clock.advance(1);
    expect(area.get('k')).toBeUndefined();
    const off = createReadCache({ clock, ttlMs: 0 });
    off.setLive(true);
    expect(off.ticket()).toBeNull();
  });
});

describe('mayWrite (which statements of this process clear its read cache)', () => {
  const db = drizzle.mock();
  it('keeps the cache for reads, the rate-limit counters and the last-seen touch only', () => {
    expect(mayWrite('select 1')).toBe(false);
    expect(mayWrite('begin')).toBe(false);
    expect(mayWrite('rollback')).toBe(false);
    const touch = db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, 'x')).toSQL().sql;
    expect(mayWrite(touch)).toBe(false);
    expect(mayWrite('with now_ms as (select 1 as ms) insert into rate_limit_hits as h (key) values ($1)')).toBe(false);
    expect(mayWrite('delete from rate_limit_hits where expires_at < now()')).toBe(false);

    expect(mayWrite('commit')).toBe(true);
    expect(mayWrite(db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, 'x')).toSQL().sql)).toBe(true);
    expect(mayWrite(db.update(sessions).set({ lastSeenAt: new Date(), revokedAt: new Date() }).where(eq(sessions.id, 'x')).toSQL().sql)).toBe(true);
    expect(mayWrite('insert into ledger_entries (member_id) values ($1)')).toBe(true);
    expect(mayWrite('with x as (select 1) update payments set status = $1')).toBe(true);
    expect(mayWrite('truncate users')).toBe(true);
  });
});
