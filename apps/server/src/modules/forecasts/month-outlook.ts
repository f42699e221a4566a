import { forecastCreator, forecastMember, paceFell, wentDark, type CommissionTier, type CreatorForecast, type DarkCreator, type MemberForecast, type MonthSnapshot } from '@agency/shared';
import type { ForecastCreatorRow, StoredSnapshot } from './forecasts.repository.ts';

/** One creator's month as the forecasts see it: the latest figures and what they project. */
export interface CreatorOutlook {
  creator: ForecastCreatorRow;
  latest: MonthSnapshot;
  forecast: CreatorForecast;
  dark: DarkCreator | null;
  paceFell: { lastWeekSeconds: number; weekBeforeSeconds: number } | null;
}

/** The month's forecasts of every creator with a snapshot (computed once per set of snapshots). */
export interface MonthOutlook {
  period: string;
  /** The latest snapshot's day, null without snapshots. */
  asOf: string | null;
  snapshotDays: number;
  darkAfterDays: number;
  byCreator: Map<string, CreatorOutlook>;
  /** The same entries by the member who brought them (creators without an affiliate left out). */
  byAffiliate: Map<string, CreatorOutlook[]>;
}

/** A member's projected team diamonds, tier and commission from their creators' outlooks. */
export function projectTeam(entries: readonly CreatorOutlook[], settings: { commissionTiers: CommissionTier[]; diamondValueMicros: number }, personalRateBps: number | null): MemberForecast {
  return forecastMember({
    creators: entries.map((entry) => ({ diamonds: entry.latest.diamonds, projectedDiamonds: entry.forecast.projected?.diamonds ?? null })),
    tiers: settings.commissionTiers,
    diamondValueMicros: settings.diamondValueMicros,
    personalRateBps,
  });
}

/**
 * The forecast of every creator of the month from its snapshots (forecast.ts's pure functions): a
 * creator's snapshots are the uploads that listed it. Creators no longer in the month (deleted)
 * are left out.
 */
export function monthOutlook(period: string, snapshots: readonly StoredSnapshot[], creators: readonly ForecastCreatorRow[], darkAfterDays: number): MonthOutlook {
  const perCreator = new Map<string, MonthSnapshot[]>();
  const days = new Set<string>();
  for (const snapshot of snapshots) {
    if (snapshot.asOf.slice(0, 7) !== period) continue;
    days.add(snapshot.asOf);
    const { creatorIds, diamonds, validDays, liveSeconds, asOf } = snapshot;
    for (let index = 0; index < creatorIds.length; index += 1) {
      const id = creatorIds[index]!;
      let list = perCreator.get(id);
      if (!list) {
        list = [];
        perCreator.set(id, list);
      }
      list.push({ asOf, diamonds: diamonds[index]!, validDays: validDays[index]!, liveSeconds: liveSeconds[index]! });
    }
  }
  const byCreator = new Map<string, CreatorOutlook>();
  const byAffiliate = new Map<string, CreatorOutlook[]>();
  for (const creator of creators) {
    const list = perCreator.get(creator.id);
    if (!list) continue;
    const forecast = forecastCreator({ period, joinedAt: creator.joinedAt, snapshots: list });
    // Snapshots are oldest first, a later one of a day after an earlier one: the last is the latest.
    const latest = list.at(-1)!;
    const entry: CreatorOutlook = {
      creator,
      latest,
      forecast,
      dark: wentDark({ period, joinedAt: creator.joinedAt, snapshots: list, lastLiveAt: creator.lastLiveAt, minDays: darkAfterDays }),
      paceFell: paceFell(list, period),
    };
    byCreator.set(creator.id, entry);
    if (creator.affiliateId) {
      const team = byAffiliate.get(creator.affiliateId);
      if (team) team.push(entry);
      else byAffiliate.set(creator.affiliateId, [entry]);
    }
  }
  const asOf = days.size > 0 ? [...days].sort().at(-1)! : null;
  return { period, asOf, snapshotDays: days.size, darkAfterDays, byCreator, byAffiliate };
}
