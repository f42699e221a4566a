import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CreatorListQuery, CreatorSortField, RequirementFilter, RequirementState } from '@agency/shared';
import type { Executor } from '../../db/client.ts';
import { foldedColumnContains, foldedContains, phoneContains } from '../../db/search.ts';
import { users } from '../../db/tables/members.table.ts';
import { creatorMonths, creators, type CreatorMonthRow, type CreatorRow } from '../../db/tables/creators.table.ts';
import { pageIdsByFigure } from './creators.figure-pages.ts';

export async function findCreatorByUsername(db: Executor, tiktokUsername: string): Promise<CreatorRow | undefined> {
  const [row] = await db.select().from(creators).where(eq(creators.tiktokUsername, tiktokUsername));
  return row;
}

export async function insertCreator(db: Executor, values: typeof creators.$inferInsert): Promise<CreatorRow> {
  const [row] = await db.insert(creators).values(values).returning();
  if (!row) throw new Error('insert into creators returned nothing');
  return row;
}

// ---- admin list, detail and changes ----

interface CreatorRefRow {
  id: string;
  firstName: string;
  lastName: string;
}

interface CreatorFiguresRow {
  diamonds: number;
  validDays: number;
  liveSeconds: number;
  matches: number;
  lastLiveAt: Date | null;
  requirementState: RequirementState | null;
}

export interface CreatorListRow {
  creator: CreatorRow;
  figures: CreatorFiguresRow;
  affiliate: CreatorRefRow | null;
  owner: CreatorRefRow | null;
}

const affiliates = alias(users, 'affiliates');
const owners = alias(users, 'owners');

function currentMonthJoin(period: string) {
  return and(eq(creatorMonths.creatorId, creators.id), eq(creatorMonths.period, period));
}

const figureColumns = {
  diamonds: sql<number>`coalesce(${creatorMonths.diamonds}, 0)`.mapWith(Number),
  validDays: sql<number>`coalesce(${creatorMonths.validDays}, 0)`.mapWith(Number),
  liveSeconds: sql<number>`coalesce(${creatorMonths.liveSeconds}, 0)`.mapWith(Number),
  matches: sql<number>`coalesce(${creatorMonths.matches}, 0)`.mapWith(Number),
  lastLiveAt: creatorMonths.lastLiveAt,
  requirementState: creatorMonths.requirementState,
};

/** Columns of `creators` the list sorts by (all NOT NULL, so their indexes serve the order). */
const CREATOR_COLUMNS = {
  tiktokUsername: creators.tiktokUsername,
  name: creators.name,
  status: creators.status,
  joinedAt: creators.joinedAt,
} as const;

/** Figures columns: sorted in two parts, creators with figures this month and those without. */
const FIGURE_COLUMNS = {
  diamonds: creatorMonths.diamonds,
  validDays: creatorMonths.validDays,
  liveSeconds: creatorMonths.liveSeconds,
  matches: creatorMonths.matches,
  lastLiveAt: creatorMonths.lastLiveAt,
} as const;

const REQUIREMENT_STATES_OF: Record<RequirementFilter, RequirementState[]> = {
  onTrack: ['onTrack'],
  atRisk: ['atRisk'],
  failing: ['failing'],
  atRiskOrFailing: ['atRisk', 'failing'],
};

/** A condition another module adds on the creators' id (the forecasts module's filter). */
export type CreatorCondition = (creatorId: typeof creators.id) => SQL;

function creatorListWhere(query: CreatorListQuery, period: string, extra: CreatorCondition | null): SQL | undefined {
  const conditions: SQL[] = [];
  if (extra) conditions.push(extra(creators.id));
  if (query.requirement) {
    // The month's creators in the states (creator_months_period_state_idx).
    const states = sql.join(REQUIREMENT_STATES_OF[query.requirement].map((state) => sql`${state}`), sql`, `);
    conditions.push(
      sql`${creators.id} in (select m.creator_id from creator_months m where m.period = ${period} and m.requirement_state in (${states}))`,
    );
  }
  if (query.status) conditions.push(eq(creators.status, query.status));
  if (query.affiliateId) conditions.push(eq(creators.affiliateId, query.affiliateId));
  if (query.q) {
    // Names and usernames folded by the Turkish and Azerbaijani i rules (db/search.ts; trigram
    // indexes creators_name_fold_trgm_idx and creators_tiktok_username_trgm_idx); phones have no
    // letters. The name and phone indexes hold only creators that have one (migration 0016):
    // `name <> ''` says so to the planner (an empty name contains no text anyway).
    const search = or(
      foldedColumnContains(creators.tiktokUsername, query.q),
      and(ne(creators.name, ''), foldedContains(creators.name, query.q)),
      phoneContains(creators.phone, query.q),
    );
    if (search) conditions.push(search);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

type SelectedRow = Omit<CreatorListRow, 'figures'> & CreatorFiguresRow;

function toListRow({ creator, affiliate, owner, ...figures }: SelectedRow): CreatorListRow {
  return { creator, affiliate, owner, figures };
}

function selectCreatorRows(db: Executor, period: string) {
  return db
    .select({
      creator: creators,
      ...figureColumns,
      affiliate: { id: affiliates.id, firstName: affiliates.firstName, lastName: affiliates.lastName },
      owner: { id: owners.id, firstName: owners.firstName, lastName: owners.lastName },
    })
    .from(creators)
    .leftJoin(creatorMonths, currentMonthJoin(period))
    .leftJoin(affiliates, eq(affiliates.id, creators.affiliateId))
    .leftJoin(owners, eq(owners.id, creators.ownerId));
}

/**
 * Creators with the figures of `period`, searched, filtered, sorted and paged in the database.
 * The page's ids are found first (on the narrowest query the indexes can serve), then their rows.
 * Sorting by a figure: creators without figures this month come after every creator with figures
 * when descending (before them when ascending), each part ordered by id among equals.
 */
export async function listCreatorRows(
  db: Executor,
  query: CreatorListQuery,
  period: string,
  extra: CreatorCondition | null = null,
): Promise<{ rows: CreatorListRow[]; total: number }> {
  const where = creatorListWhere(query, period, extra);
  const sort = query.sort ?? '-joinedAt';
  const descending = sort.startsWith('-');
  const field = (descending ? sort.slice(1) : sort) as CreatorSortField;
  const offset = (query.page - 1) * query.pageSize;
  const total = await countListed(db, query, period, where, extra);
  if (total === 0) return { rows: [], total };
  const pageWhere = where && total <= FEW_MATCHES ? await matchedIdsIn(db, where) : where;

  let ids: string[];
  if (field in FIGURE_COLUMNS) {
    ids = await pageIdsByFigure(db, { where: pageWhere, period, column: FIGURE_COLUMNS[field as keyof typeof FIGURE_COLUMNS], descending, offset, limit: query.pageSize });
  } else {
    const column = CREATOR_COLUMNS[field as keyof typeof CREATOR_COLUMNS];
    const rows = await db
      .select({ id: creators.id })
      .from(creators)
      .where(pageWhere)
      .orderBy(descending ? desc(column) : asc(column), asc(creators.id))
      .limit(query.pageSize)
      .offset(offset);
    ids = rows.map((row) => row.id);
  }
  if (ids.length === 0) return { rows: [], total };
  const found = await selectCreatorRows(db, period).where(inArray(creators.id, ids));
  const byId = new Map(found.map((row) => [row.creator.id, toListRow(row)]));
  return { total, rows: ids.flatMap((id) => byId.get(id) ?? []) };
}

/**
 * How many creators the list holds. Filtered by the requirement alone (the at-risk list), the
 * month's rows in those states: each is one creator's (primary key: creator, month) and its creator
 * exists (foreign key), so their number is the list's, counted from the state's index (~2.5 ms at
 * 26,700 of 50,000 creators) instead of joining every creator to them (~20 ms, `npm run bench:lists`).
 */
async function countListed(db: Executor, query: CreatorListQuery, period: string, where: SQL | undefined, extra: CreatorCondition | null): Promise<number> {
  const [row] =
    query.requirement && !query.q && !query.status && !query.affiliateId && !extra
      ? await db
          .select({ value: count() })
          .from(creatorMonths)
          .where(and(eq(creatorMonths.period, period), inArray(creatorMonths.requirementState, REQUIREMENT_STATES_OF[query.requirement])))
      : await db.select({ value: count() }).from(creators).where(where);
  return row?.value ?? 0;
}

/**
 * Up to this many creators found by a search or a filter are sorted by their ids' list rather than
 * by the list's condition. The planner cannot know how many usernames, names or phones contain a
 * text (it guessed 2,005 of 50,000 where one matched), so for a page sorted by join date it walked
 * the whole join date index testing each creator (~45 ms at 50,000 creators, `npm run bench:lists`;
 * sorted by diamonds, the month's diamonds index: ~86 ms). The count has just found the matches
 * through the trigram indexes; their ids, an exact list, let the page's query sort just those (~1 ms).
 */
const FEW_MATCHES = 1000;

/** `where`'s creators as a list of their ids (the count said there are at most FEW_MATCHES). */
async function matchedIdsIn(db: Executor, where: SQL): Promise<SQL> {
  const matched = await db.select({ id: creators.id }).from(creators).where(where);
  return inArray(creators.id, matched.map((row) => row.id));
}

export async function findCreatorListRow(db: Executor, id: string, period: string): Promise<CreatorListRow | undefined> {
  const [row] = await selectCreatorRows(db, period).where(eq(creators.id, id));
  return row ? toListRow(row) : undefined;
}

/** Creators a member owns or brought, with the figures of `period`. */
export async function listCreatorRowsOfMember(db: Executor, memberId: string, period: string): Promise<CreatorListRow[]> {
  const rows = await selectCreatorRows(db, period)
    .where(or(eq(creators.ownerId, memberId), eq(creators.affiliateId, memberId)))
    .orderBy(asc(creators.tiktokUsername));
  return rows.map(toListRow);
}

export async function lockCreator(db: Executor, id: string): Promise<CreatorRow | undefined> {
  const [row] = await db.select().from(creators).where(eq(creators.id, id)).for('update');
  return row;
}

export async function updateCreator(db: Executor, id: string, values: Partial<typeof creators.$inferInsert>): Promise<CreatorRow> {
  const [row] = await db.update(creators).set(values).where(eq(creators.id, id)).returning();
  if (!row) throw new Error('update of creators returned nothing');
  return row;
}

export async function deleteCreator(db: Executor, id: string): Promise<void> {
  await db.delete(creators).where(eq(creators.id, id));
}

export async function hasFigures(db: Executor, creatorId: string): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(creatorMonths).where(eq(creatorMonths.creatorId, creatorId));
  return (row?.value ?? 0) > 0;
}

export async function listMonthsOf(db: Executor, creatorId: string): Promise<CreatorMonthRow[]> {
  return db.select().from(creatorMonths).where(eq(creatorMonths.creatorId, creatorId)).orderBy(desc(creatorMonths.period));
}

/** Pending creators an applicant owns, locked. */
export async function lockPendingCreatorsOwnedBy(db: Executor, ownerId: string): Promise<CreatorRow[]> {
  return db
    .select()
    .from(creators)
    .where(and(eq(creators.ownerId, ownerId), eq(creators.status, 'pending')))
    .for('update');
}

export async function setCreatorsStatus(
  db: Executor,
  ids: string[],
  values: { status: CreatorRow['status']; reason: string | null; updatedAt: Date },
): Promise<void> {
  if (ids.length === 0) return;
  await db.update(creators).set(values).where(inArray(creators.id, ids));
}
