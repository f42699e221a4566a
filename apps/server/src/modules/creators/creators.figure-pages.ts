/**
 * A page of the creators list sorted by one of the month's figures (creators.repository.ts): the
 * creators with figures this month in the figure's order, and those without any after them when
 * descending (before them when ascending), each part ordered by id among equals.
 */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { creatorMonths, creators } from '../../db/tables/creators.table.ts';

export async function pageIdsByFigure(
  db: Executor,
  options: { where: SQL | undefined; period: string; column: AnyPgColumn; descending: boolean; offset: number; limit: number },
): Promise<string[]> {
  const { where, period, column, descending, offset, limit } = options;
  const withFiguresWhere = and(eq(creatorMonths.period, period), where);
  const withFigures = (skip: number, take: number) =>
    db
      .select({ id: creators.id })
      .from(creatorMonths)
      .innerJoin(creators, eq(creators.id, creatorMonths.creatorId))
      .where(withFiguresWhere)
      // NOT NULL figures sort plainly (served by creator_months_period_diamonds_idx, ties by id
      // in the same direction); the last LIVE time may be empty and puts empty ones at the end.
      .orderBy(
        column === creatorMonths.lastLiveAt
          ? sql`${column} ${sql.raw(descending ? 'desc nulls last' : 'asc nulls first')}`
          : descending
            ? desc(column)
            : asc(column),
        descending ? desc(creatorMonths.creatorId) : asc(creatorMonths.creatorId),
      )
      .limit(take)
      .offset(skip);
  const withoutFiguresWhere = and(
    sql`not exists (select 1 from creator_months m where m.creator_id = ${creators.id} and m.period = ${period})`,
    where,
  );
  const withoutFigures = (skip: number, take: number) =>
    db
      .select({ id: creators.id })
      .from(creators)
      .where(withoutFiguresWhere)
      .orderBy(descending ? desc(creators.id) : asc(creators.id))
      .limit(take)
      .offset(skip);
  const countOf = async (first: 'with' | 'without') => {
    const [row] =
      first === 'with'
        ? await db.select({ value: count() }).from(creatorMonths).innerJoin(creators, eq(creators.id, creatorMonths.creatorId)).where(withFiguresWhere)
        : await db.select({ value: count() }).from(creators).where(withoutFiguresWhere);
    return row?.value ?? 0;
  };

  const [firstPart, secondPart, firstName] = descending
    ? ([withFigures, withoutFigures, 'with'] as const)
    : ([withoutFigures, withFigures, 'without'] as const);
  const head = (await firstPart(offset, limit)).map((row) => row.id);
  if (head.length === limit) return head;
  // The page runs past the first part: continue in the second one.
  const firstCount = head.length > 0 ? offset + head.length : await countOf(firstName);
  const tail = await secondPart(Math.max(0, offset - firstCount), limit - head.length);
  return [...head, ...tail.map((row) => row.id)];
}
