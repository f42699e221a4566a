import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidTiktokUsername } from '@agency/shared';
import { createTestDatabase } from '../../test/helpers.ts';
import type { DatabaseHandle } from './client.ts';

/**
 * The database's own check of a creator's username (migration 0020): the same usernames pass and
 * fail as with the pattern ^[a-z0-9._]{2,24}$ the app checks them with (packages/shared tiktok.ts),
 * on PGlite and on PostgreSQL alike.
 */
describe('creators_tiktok_username_format_check', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  const cases = [
    'ab',
    'a.b_c.9',
    'x'.repeat(24),
    '.._',
    'a',
    '',
    'x'.repeat(25),
    'Ab',
    'ayşe',
    'ab-c',
    'ab c',
    'ab\nc',
    'a%b',
    '[a]',
    'ab\u00a0',
    'ａｂ',
    'ıi',
  ];

  it.each(cases)('%j: the database agrees with the app', async (username) => {
    expect.hasAssertions();
    const expected = isValidTiktokUsername(username);
    const error = await handle.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into creators (tiktok_username, status) values (${username}, 'active')`);
        throw new Error('roll back');
      })
      .catch((caught: unknown) => caught as Error & { cause?: unknown });
    const message = `${error.message} ${String(error.cause ?? '')}`;
    if (expected) expect(message).toContain('roll back');
    else expect(message).toMatch(/creators_tiktok_username_format_check/);
  });

  it('the constraint in the database is the one without the bounded repeat', async () => {
    const result = await handle.db.execute(sql`
      select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'creators_tiktok_username_format_check'`);
    const def = (result as unknown as { rows: { def: string }[] }).rows[0]!.def;
    expect(def).toContain("!~ '[^a-z0-9._]'");
    expect(def).not.toContain('{2,24}');
  });
});
