import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, signInWithPassword, type TestApp } from '../../test/helpers.ts';
import { activityLog, creators, payments } from './schema.ts';

/**
 * Case-insensitive search by the Turkish and Azerbaijani rules for the dotted and dotless i
 * (docs/product.md §18), on PGlite and on PostgreSQL alike (migration 0015, db/search.ts).
 */
describe('list searches fold İ, I, ı and i', () => {
  let t: TestApp;
  let admin: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await signInWithPassword(t.app, 'admin@example.com', 'Admin!2026demo');
    const people = {
      irmak: { firstName: 'Irmak', lastName: 'Çelik', email: 'irmak.celik@example.com', phone: '+905320009901' },
      isik: { firstName: 'Derya', lastName: 'IŞIK', email: 'derya.isik@example.com', phone: '+905320009902' },
      istanbul: { firstName: 'Selin', lastName: 'İstinyeli', email: 'selin.i@example.com', phone: '+905320009903' },
      ilkin: { firstName: 'İlkin', lastName: 'Əliyev', email: 'ilkin.aliyev@example.com', phone: '+994500009904' },
    };
    for (const [key, values] of Object.entries(people)) {
      const user = await createUser(t.db, values);
      ids[key] = user.id;
    }
    await t.db.insert(creators).values([
      { tiktokUsername: 'irmak.live', name: 'Irmak Su', status: 'active', ownerId: ids.irmak!, phone: '+905551112233' },
      { tiktokUsername: 'gece_isigi', name: 'Gece IŞIĞI', status: 'active', ownerId: ids.isik! },
      { tiktokUsername: 'bogaz.sesi', name: 'İstinye Sesi', status: 'active', ownerId: ids.istanbul! },
    ]);
    const [payment] = await t.db
      .insert(payments)
      .values({ memberId: ids.isik!, amountCents: 6000, grossCents: 6000, status: 'Waiting Approval', kind: 'request' })
      .returning();
    // The activity actors list shows accounts that did something.
    await t.db.insert(activityLog).values({ actorId: ids.irmak!, action: 'auth.login', entityType: 'user', entityId: ids.irmak!, at: new Date() });
    expect(payment).toBeTruthy();
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const response = await call(t.app, 'GET', url, { token: admin });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data;
  };
  const memberNames = async (q: string) =>
    ((await get(`/api/admin/members?pageSize=50&q=${encodeURIComponent(q)}`)) as { items: { firstName: string; lastName: string }[] }).items
      .map((item) => `${item.firstName} ${item.lastName}`)
      .sort();
  const creatorNames = async (q: string) =>
    ((await get(`/api/admin/creators?pageSize=50&q=${encodeURIComponent(q)}`)) as { items: { name: string }[] }).items.map((item) => item.name).sort();

  /** The rows of `db.execute` on either driver (PGlite answers `{ rows }`, node-postgres too; some return arrays). */
  const rowsOf = (result: unknown): Record<string, unknown>[] =>
    Array.isArray(result) ? (result as Record<string, unknown>[]) : ((result as { rows?: Record<string, unknown>[] }).rows ?? []);

  it('search_fold maps every i to i and lowers the rest, on this database', async () => {
    const result = await t.db.execute(
      sql`select search_fold('IRMAK Irmak ırmak') as a, search_fold('IŞIK') as b, search_fold('İstanbul') as c, search_fold('ÇĞÖŞÜƏ') as d`,
    );
    const row = rowsOf(result)[0];
    expect(row).toEqual({ a: 'irmak irmak irmak', b: 'işik', c: 'istanbul', d: 'çğöşüə' });
  });

  it('members: "ırmak" finds Irmak, "ışık" finds IŞIK, "istanbul" finds İstinyeli, "İLKİN" finds İlkin', async () => {
    expect(await memberNames('ırmak')).toEqual(['Irmak Çelik']);
    expect(await memberNames('IRMAK')).toEqual(['Irmak Çelik']);
    expect(await memberNames('ışık')).toEqual(['Derya IŞIK']);
    expect(await memberNames('Işık')).toEqual(['Derya IŞIK']);
    expect(await memberNames('istinye')).toEqual(['Selin İstinyeli']);
    expect(await memberNames('İSTİNYE')).toEqual(['Selin İstinyeli']);
    expect(await memberNames('İLKİN əli')).toEqual(['İlkin Əliyev']);
    // A TikTok username of a creator the member owns, typed with a dotless i.
    expect(await memberNames('ırmak.lıve')).toEqual(['Irmak Çelik']);
    // Wildcards stay literal.
    expect(await memberNames('%')).toEqual([]);
  });

  it('creators: names and usernames by the same rules', async () => {
    expect(await creatorNames('ırmak')).toEqual(['Irmak Su']);
    expect(await creatorNames('ışığı')).toEqual(['Gece IŞIĞI']);
    expect(await creatorNames('istinye')).toEqual(['İstinye Sesi']);
    expect(await creatorNames('GECE_ıSıGı')).toEqual(['Gece IŞIĞI']);
  });

  it('payments and the activity actors: the same rules', async () => {
    const found = (await get(`/api/admin/payments?q=${encodeURIComponent('ışık')}`)) as { items: { member: { uid: string } | null }[] };
    expect(found.items.map((item) => item.member?.uid)).toEqual([ids.isik]);
    const actors = (await get(`/api/admin/activity/actors?q=${encodeURIComponent('ırmak')}`)) as { uid: string }[];
    expect(actors.map((actor) => actor.uid)).toEqual([ids.irmak]);
  });

  it('phones are found as the screens show them and as people type them, not only as stored', async () => {
    // Stored +905320009902 (Derya), shown +90 532 000 99 02, typed 0532 000 99 02 in Turkey.
    for (const q of ['+905320009902', '+90 532 000 99 02', '0532 000 99 02', '(532) 000-9902', '532 000 99 02', '0009902']) {
      expect(await memberNames(q), q).toEqual(['Derya IŞIK']);
      const found = (await get(`/api/admin/payments?q=${encodeURIComponent(q)}`)) as { items: { member: { uid: string } | null }[] };
      expect(found.items.map((item) => item.member?.uid), q).toEqual([ids.isik]);
    }
    const actors = (await get(`/api/admin/activity/actors?q=${encodeURIComponent('+90 532 000 99 01')}`)) as { uid: string }[];
    expect(actors.map((actor) => actor.uid)).toEqual([ids.irmak]);
    // Another country's number; a creator's phone in the creators list.
    expect(await memberNames('+994 50 000 99 04')).toEqual(['İlkin Əliyev']);
    for (const q of ['+90 555 111 22 33', '0555 111 2233', '5551112233']) expect(await creatorNames(q), q).toEqual(['Irmak Su']);
    // Fewer than 6 digits (an amount, a year) or text with digits are no phone: searched as text only.
    expect(await memberNames('99 02')).toEqual([]);
    expect(await memberNames('99.02')).toEqual([]);
    expect(await memberNames('+90 532 000 99 02x')).toEqual([]);
  });

  it("the partial owner and affiliate indexes serve a member's creators", async () => {
    const plan = async (query: ReturnType<typeof sql>) => {
      await t.db.execute(sql`set enable_seqscan = off`);
      try {
        return JSON.stringify(rowsOf(await t.db.execute(sql`explain ${query}`)));
      } finally {
        await t.db.execute(sql`reset enable_seqscan`);
      }
    };
    expect(await plan(sql`select id from creators where owner_id = ${ids.irmak}::uuid`)).toContain('creators_owner_idx');
    expect(await plan(sql`select id from creators where affiliate_id = ${ids.irmak}::uuid`)).toContain('creators_affiliate_idx');
  });

  it('the trigram indexes serve the folded searches where pg_trgm exists', async () => {
    const extension = rowsOf(await t.db.execute(sql`select 1 from pg_extension where extname = 'pg_trgm'`));
    if (extension.length === 0) return; // PGlite, or PostgreSQL without pg_trgm: the searches scan.
    const plan = async (query: ReturnType<typeof sql>) => {
      await t.db.execute(sql`set enable_seqscan = off`);
      try {
        return JSON.stringify(rowsOf(await t.db.execute(sql`explain ${query}`)));
      } finally {
        await t.db.execute(sql`reset enable_seqscan`);
      }
    };
    expect(
      await plan(
        sql`select id from users where search_fold(first_name || ' ' || last_name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || referral_code) like search_fold(${'%ırmak%'})`,
      ),
    ).toContain('users_search_fold_trgm_idx');
    expect(await plan(sql`select id from creators where name <> '' and search_fold(name) like search_fold(${'%ışık%'})`)).toContain('creators_name_fold_trgm_idx');
    expect(await plan(sql`select id from creators where phone ilike ${'%0532%'}`)).toContain('creators_phone_trgm_idx');
    expect(await plan(sql`select id from creators where phone like ${'%5320009%'}`)).toContain('creators_phone_trgm_idx');
    expect(await plan(sql`select id from creators where tiktok_username like search_fold(${'%ırmak%'})`)).toContain('creators_tiktok_username_trgm_idx');
  });

  it('the username trigram index takes new usernames into a 64 MB pending list, and the search finds them (migration 0022)', async () => {
    const extension = rowsOf(await t.db.execute(sql`select 1 from pg_extension where extname = 'pg_trgm'`));
    if (extension.length === 0) return; // PGlite, or PostgreSQL without pg_trgm: no such index.
    const [index] = rowsOf(await t.db.execute(sql`select reloptions from pg_class where relname = 'creators_tiktok_username_trgm_idx'`)) as { reloptions: string[] | null }[];
    expect(index?.reloptions).toContain('gin_pending_list_limit=65536');
    // Inserted after the index was built: in its pending list until a VACUUM merges it.
    await t.db.insert(creators).values({ tiktokUsername: 'pending.listed_7', status: 'pending' });
    const found = rowsOf(await t.db.execute(sql`select tiktok_username from creators where tiktok_username like ${'%listed%'}`)) as { tiktok_username: string }[];
    expect(found.map((row) => row.tiktok_username)).toEqual(['pending.listed_7']);
  });
});
