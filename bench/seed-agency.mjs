// The agency the list and API benchmarks seed (shared by bench/lists.mjs and bench/api.mjs):
// 5,000 members (a tenth pending, a third referred), 50,000 creators (the first 5,000 owned by a
// member, each brought by a random member), figures for about 80 % of the creators in each of 24
// months (the current month row by row, the 23 older months with one INSERT ... SELECT per month)
// and every month's member_months by the commission engine. Deterministic: the same data each run.
// Imports the server's TypeScript: run through tsx (`node --import tsx`).
import { creatorMonths, creators, users } from '../apps/server/src/db/schema.ts';
import { recomputeMemberMonths } from '../apps/server/src/modules/earnings/earnings.engine.ts';
import { ensureMonthPartition } from '../apps/server/src/db/month-partitions.ts';
import { shiftPeriod } from '@agency/shared';
import { createRandom } from './random.mjs';

export const MEMBERS = 5_000;
export const CREATORS = 50_000;
export const MONTHS = 24;
const BATCH = 1_000;
const REQUIREMENT_STATES = ['onTrack', 'atRisk', 'failing'];

const WORDS = ['live', 'star', 'music', 'dance', 'gaming', 'vibes', 'nights', 'beats', 'show', 'talk', 'chef', 'art', 'fit', 'travel', 'comedy', 'moda', 'sahne', 'yildiz', 'kedi', 'deniz'];
const FIRST = ['Ayşe', 'Mehmet', 'Elif', 'Can', 'Zeynep', 'Deniz', 'Ali', 'Selin', 'Emre', 'Derya', 'Burak', 'Ece', 'Kerem', 'Naz', 'Oğuz'];
const LAST = ['Yılmaz', 'Kaya', 'Demir', 'Öztürk', 'Şahin', 'Çelik', 'Aydın', 'Arslan', 'Doğan', 'Koç', 'Kurt', 'Özdemir'];

export async function insertInBatches(db, table, rows) {
  for (let start = 0; start < rows.length; start += BATCH) {
    await db.insert(table).values(rows.slice(start, start + BATCH));
  }
}

async function seedPeople(db, period) {
  const random = createRandom(2026);
  const now = Date.now();
  const memberRows = [];
  for (let index = 0; index < MEMBERS; index += 1) {
    memberRows.push({
      id: crypto.randomUUID(),
      firstName: FIRST[index % FIRST.length],
      lastName: `${LAST[Math.floor(random() * LAST.length)]}${index}`,
      phone: `+90532${String(1_000_000 + index).padStart(7, '0')}`,
      email: `member${index}@bench.example`,
      role: 'user',
      status: index % 10 === 0 ? 'pending' : 'active',
      referralCode: `B${String(index).padStart(7, '0')}`,
      commissionRateBps: index % 7 === 0 ? 250 : null,
      joinedAt: new Date(now - Math.floor(random() * 400) * 86_400_000),
    });
  }
  // A third of the members were referred by an earlier one.
  for (let index = 100; index < MEMBERS; index += 3) memberRows[index].referredBy = memberRows[Math.floor(random() * 100)].id;
  await insertInBatches(db, users, memberRows);

  const creatorRows = [];
  const monthRows = [];
  for (let index = 0; index < CREATORS; index += 1) {
    const id = crypto.randomUUID();
    const affiliate = memberRows[Math.floor(random() * MEMBERS)];
    creatorRows.push({
      id,
      // Varied like real usernames: two words and a number (e.g. `dance.vibes_1a2b`).
      tiktokUsername: `${WORDS[Math.floor(random() * WORDS.length)]}.${WORDS[Math.floor(random() * WORDS.length)]}_${index.toString(36)}`,
      name: `${FIRST[index % FIRST.length]} ${LAST[index % LAST.length]}`,
      phone: null,
      status: index % 20 === 0 ? 'inactive' : 'active',
      reason: index % 20 === 0 ? 'Stopped going LIVE this season' : null,
      ownerId: index < MEMBERS ? memberRows[index].id : null,
      affiliateId: affiliate.id,
      agencyCenterCode: `IST-${(index % 9) + 1}`,
      joinedAt: new Date(now - Math.floor(random() * 700) * 86_400_000),
    });
    if (random() < 0.8) {
      monthRows.push({
        creatorId: id,
        period,
        diamonds: Math.floor(random() * 2_000_000),
        validDays: Math.floor(random() * 20),
        liveSeconds: Math.floor(random() * 200 * 3600),
        matches: Math.floor(random() * 100),
        lastLiveAt: new Date(now - Math.floor(random() * 10) * 86_400_000),
        requirementState: REQUIREMENT_STATES[Math.floor(random() * 3)],
      });
    }
  }
  await insertInBatches(db, creators, creatorRows);
  // Each month in a partition of its own, as the imports leave them (db/month-partitions.ts).
  await db.transaction((tx) => ensureMonthPartition(tx, period));
  await insertInBatches(db, creatorMonths, monthRows);
  return { memberRows, creatorRows, months: monthRows.length };
}

/**
 * The 23 months before `period`: figures for about 80 % of the creators per month (deterministic
 * through setseed), then every month's member_months by the commission engine.
 */
async function seedHistory(pool, db, period) {
  // One connection: the seed of random() belongs to the session.
  const client = await pool.connect();
  await client.query('select setseed(0.2026)');
  let rows = 0;
  for (let back = 1; back < MONTHS; back += 1) {
    await db.transaction((tx) => ensureMonthPartition(tx, shiftPeriod(period, back)));
    const result = await client.query(
      `insert into creator_months (creator_id, period, diamonds, valid_days, live_seconds, matches, achieved_bps, requirement_state)
       select id, $1, floor(random() * 2000000)::bigint, floor(random() * 25)::int, floor(random() * 200 * 3600)::int,
              floor(random() * 100)::int, floor(random() * 10000)::int,
              (array['onTrack', 'atRisk', 'failing'])[1 + floor(random() * 3)::int]
       from creators where random() < 0.8`,
      [shiftPeriod(period, back)],
    );
    rows += result.rowCount;
  }
  client.release();
  for (let back = MONTHS - 1; back >= 0; back -= 1) {
    await db.transaction((tx) => recomputeMemberMonths(tx, shiftPeriod(period, back), new Date()));
  }
  const [{ count }] = (await pool.query('select count(*)::int as count from member_months')).rows;
  return { rows, memberMonths: count };
}

/**
 * Seeds the agency into a migrated PostgreSQL database (`pool` and its Drizzle `db`) for the
 * month `period`; returns the member and creator rows and the row counts.
 */
export async function seedAgency(pool, db, period) {
  const seeded = await seedPeople(db, period);
  const history = await seedHistory(pool, db, period);
  return { ...seeded, creatorMonthRows: seeded.months + history.rows, memberMonthRows: history.memberMonths };
}
