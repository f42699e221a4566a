import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/** Advisory-lock class of the per-member ledger lock (two-key form: never clashes with the one-key payout lock). */
const LEDGER_LOCK_CLASS = 5_001;

/** Serialises every balance-changing transaction of one member (held until commit or rollback). */
export async function lockMemberLedger(db: Executor, memberId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${LEDGER_LOCK_CLASS}::int, hashtext(${memberId}))`);
}

/**
 * `lockMemberLedger` for many members in one statement, in id order. Only the automatic run takes
 * several, and always under its period lock, so two of them never wait on each other.
 */
export async function lockMemberLedgers(db: Executor, memberIds: readonly string[]): Promise<void> {
  if (memberIds.length === 0) return;
  const ids = [...new Set(memberIds)].sort();
  await db.execute(
    sql`select count(pg_advisory_xact_lock(${LEDGER_LOCK_CLASS}::int, hashtext(m.id))) from (select id from unnest(${sql.param(ids)}::text[]) as t(id) order by id) as m`,
  );
}
