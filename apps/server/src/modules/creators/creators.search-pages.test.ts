import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, signInWithPassword, type TestApp } from '../../../test/helpers.ts';
import { creatorMonths, creators } from '../../db/schema.ts';
import { rowsOf } from '../../lib/db-rows.ts';

// A search's pages are sorted from the matches' ids when there are at most 1,000 of them
// (creators.repository.ts, FEW_MATCHES), from the search's condition when there are more. Both
// must give the pages a plain query gives: 1,010 creators `zq.fan_<n>`, of whom the search
// `zq.fan_1` finds 121 and `zq` all 1,010, beside 60 others; two in three have figures this month
// (the test clock's 2026-03), with equal join days and equal diamonds among them.
const FANS = 1010;
const OTHERS = 60;

describe('admin creators list: a search sorted and paged', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.db, { role: 'admin', email: 'search.admin@example.com', password: 'Search-admin-2026' });
    token = await signInWithPassword(t.app, 'search.admin@example.com', 'Search-admin-2026');
    const day = (n: number) => new Date(Date.UTC(2025, 0, 1 + (n % 40)));
    const rows = [
      ...Array.from({ length: FANS }, (_, n) => ({ tiktokUsername: `zq.fan_${n}`, joinedAt: day(n * 7) })),
      ...Array.from({ length: OTHERS }, (_, n) => ({ tiktokUsername: `other_${n}`, joinedAt: day(n) })),
    ];
    const inserted = await t.db.insert(creators).values(rows).returning({ id: creators.id });
    await t.db.insert(creatorMonths).values(
      inserted
        .filter((_, index) => index % 3 !== 0)
        .map(({ id }, index) => ({ creatorId: id, period: '2026-03', diamonds: (index * 37) % 500, validDays: index % 20, liveSeconds: index * 60 })),
    );
  });
  afterAll(() => t.close());

  /** The page as a plain query orders it: the list's sort, then the id, creators without figures apart. */
  async function expectedPage(q: string, sort: string, page: number, pageSize: number): Promise<string[]> {
    const descending = sort.startsWith('-');
    const field = descending ? sort.slice(1) : sort;
    const direction = sql.raw(descending ? 'desc' : 'asc');
    const orders: Record<string, SQL> = {
      joinedAt: sql`c.joined_at ${direction}, c.id asc`,
      tiktokUsername: sql`c.tiktok_username ${direction}, c.id asc`,
      // Descending: creators with figures first; ascending: those without first; ties by id in the sort's direction.
      diamonds: sql`(m.creator_id is null) ${sql.raw(descending ? 'asc' : 'desc')}, m.diamonds ${direction}, c.id ${direction}`,
      validDays: sql`(m.creator_id is null) ${sql.raw(descending ? 'asc' : 'desc')}, m.valid_days ${direction}, c.id ${direction}`,
    };
    const result = await t.db.execute(sql`
      select c.id from ${creators} c
      left join ${creatorMonths} m on m.creator_id = c.id and m.period = '2026-03'
      where c.tiktok_username like ${`%${q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`}
      order by ${orders[field]!}
      limit ${pageSize} offset ${(page - 1) * pageSize}`);
    return rowsOf<{ id: string }>(result).map((row) => row.id);
  }

  it.each([
    ['zq.fan_1', 121],
    ['zq', FANS],
  ])('q=%s (%i matches): every sort and page is the plain query’s', async (q, total) => {
    for (const sort of ['-joinedAt', 'joinedAt', 'tiktokUsername', '-tiktokUsername', '-diamonds', 'diamonds', '-validDays']) {
      const pageSize = 25;
      const lastPage = Math.ceil(total / pageSize);
      for (const page of [1, 2, Math.ceil(lastPage / 2), lastPage, lastPage + 1]) {
        const response = await call(t.app, 'GET', `/api/admin/creators?q=${encodeURIComponent(q)}&sort=${sort}&page=${page}&pageSize=${pageSize}`, { token });
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        const body = response.body.data as { total: number; items: { id: string }[] };
        expect(body.total).toBe(total);
        const expected = await expectedPage(q, sort, page, pageSize);
        expect(body.items.map((item) => item.id), `${sort} page ${page}`).toEqual(expected);
        expect(expected.length, `${sort} page ${page}`).toBe(Math.max(0, Math.min(pageSize, total - (page - 1) * pageSize)));
      }
    }
  });
});
