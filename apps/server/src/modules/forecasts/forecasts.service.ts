import {
  periodOf,
  type AdminForecasts,
  type ForecastCreatorItem,
  type ForecastFilter,
  type ForecastState,
  type MyForecast,
} from '@agency/shared';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { getSettingsRow } from '../settings-row/index.ts';
import type { Column, SQL } from 'drizzle-orm';
import { forecastFilterCondition, outlookSource, readMembersByIds, readMonthCreators, readMonthSnapshots, readStatesVersion, writeStates } from './forecasts.repository.ts';
import { monthOutlook, projectTeam, type CreatorOutlook, type MonthOutlook } from './month-outlook.ts';

const LIST_SIZE = 10;
const MY_CREATORS = 200;
const STATE_RANK: Record<ForecastState, number> = { outOfReach: 0, atRisk: 1, noPace: 2, onPace: 3, met: 4 };

const byDiamonds = (a: CreatorOutlook, b: CreatorOutlook) => b.latest.diamonds - a.latest.diamonds || a.creator.tiktokUsername.localeCompare(b.creator.tiktokUsername);
const byDaysDark = (a: CreatorOutlook, b: CreatorOutlook) => b.dark!.daysDark - a.dark!.daysDark || byDiamonds(a, b);

/** The first `size` of `entries` in `order`, without sorting them all (a month can have tens of thousands). */
function topOf(entries: Iterable<CreatorOutlook>, order: (a: CreatorOutlook, b: CreatorOutlook) => number, size: number): CreatorOutlook[] {
  const top: CreatorOutlook[] = [];
  for (const entry of entries) {
    if (top.length === size && order(entry, top[size - 1]!) >= 0) continue;
    let at = top.length === size ? size - 1 : top.length;
    top[at] = entry;
    while (at > 0 && order(top[at]!, top[at - 1]!) < 0) {
      [top[at - 1], top[at]] = [top[at]!, top[at - 1]!];
      at -= 1;
    }
  }
  return top;
}

/** The admin's counts and short lists of an outlook. */
function summarize(outlook: MonthOutlook) {
  const counts = { met: 0, onPace: 0, atRisk: 0, outOfReach: 0, noPace: 0, wentDark: 0, paceFell: 0 };
  const atRisk: CreatorOutlook[] = [];
  const outOfReach: CreatorOutlook[] = [];
  const dark: CreatorOutlook[] = [];
  for (const entry of outlook.byCreator.values()) {
    counts[entry.forecast.state] += 1;
    if (entry.dark) {
      counts.wentDark += 1;
      dark.push(entry);
    }
    if (entry.paceFell) counts.paceFell += 1;
    if (entry.forecast.state === 'atRisk') atRisk.push(entry);
    if (entry.forecast.state === 'outOfReach') outOfReach.push(entry);
  }
  return { counts, atRisk: topOf(atRisk, byDiamonds, LIST_SIZE), outOfReach: topOf(outOfReach, byDiamonds, LIST_SIZE), wentDark: topOf(dark, byDaysDark, LIST_SIZE) };
}

/**
 * The month forecasts (issue "See the month before it ends"): computed from the month's snapshots
 * by forecast.ts and kept per process until a snapshot is added or removed, or the went-dark
 * setting changes (each request asks the database which, with one indexed aggregate).
 */
export function createForecastsService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;
  let cached: { key: string; outlook: Promise<MonthOutlook>; ready: MonthOutlook | null } | null = null;
  /** What the lists ask of an outlook, worked out once per outlook. */
  const keys = new WeakMap<MonthOutlook, string>();
  const statesWritten = new WeakMap<MonthOutlook, Promise<void>>();
  const summaries = new WeakMap<MonthOutlook, { counts: AdminForecasts['counts']; atRisk: CreatorOutlook[]; outOfReach: CreatorOutlook[]; wentDark: CreatorOutlook[] }>();

  /** The month's outlook for its current snapshots: computed once, or being computed (`ready` null). */
  async function entryOf(period: string): Promise<NonNullable<typeof cached>> {
    const { key, darkAfterDays } = await outlookSource(db, period);
    if (cached?.key !== key) {
      const entry: NonNullable<typeof cached> = { key, outlook: Promise.resolve(null as never), ready: null };
      entry.outlook = Promise.all([readMonthSnapshots(db, period), readMonthCreators(db, period)]).then(([snapshots, creators]) => {
        const computed = monthOutlook(period, snapshots, creators, darkAfterDays);
        keys.set(computed, key);
        entry.ready = computed;
        return computed;
      });
      entry.outlook.catch(() => {
        if (cached === entry) cached = null;
      });
      cached = entry;
    }
    return cached;
  }

  async function outlookOf(period: string): Promise<MonthOutlook> {
    return (await entryOf(period)).outlook;
  }

  /** forecast_states of the outlook's month, written from it unless they already are (by any instance). */
  function ensureStates(outlook: MonthOutlook): Promise<void> {
    let pending = statesWritten.get(outlook);
    if (!pending) {
      const key = keys.get(outlook)!;
      pending = (async () => {
        if ((await readStatesVersion(db, outlook.period)) === key) return;
        const rows = [...outlook.byCreator.values()].map((entry) => ({
          creatorId: entry.creator.id,
          state: entry.forecast.state,
          darkDays: entry.dark?.daysDark ?? null,
          paceFell: entry.paceFell !== null,
        }));
        await writeStates(db, outlook.period, key, rows, clock.now());
      })();
      statesWritten.set(outlook, pending);
      pending.catch(() => statesWritten.delete(outlook));
    }
    return pending;
  }

  async function toItems(outlooks: readonly CreatorOutlook[]): Promise<ForecastCreatorItem[]> {
    const affiliateIds = [...new Set(outlooks.map((outlook) => outlook.creator.affiliateId).filter((id): id is string => id !== null))];
    const members = new Map((await readMembersByIds(db, affiliateIds)).map((member) => [member.id, member]));
    return outlooks.map(({ creator, latest, forecast, dark, paceFell }) => {
      const affiliate = creator.affiliateId ? members.get(creator.affiliateId) : undefined;
      return {
        creatorId: creator.id,
        tiktokUsername: creator.tiktokUsername,
        name: creator.name,
        affiliate: affiliate ? { uid: affiliate.id, firstName: affiliate.firstName, lastName: affiliate.lastName } : null,
        diamonds: latest.diamonds,
        validDays: latest.validDays,
        liveSeconds: latest.liveSeconds,
        forecast,
        dark,
        paceFell,
      };
    });
  }

  return {
    /** This month's outlook (the UTC calendar month of the clock, as the other lists). */
    async currentOutlook(): Promise<MonthOutlook> {
      return outlookOf(periodOf(clock.now()));
    },

    /**
     * This month's outlook if it is computed for the current snapshots, else null (its computing is
     * started): for lists that show the forecast beside other figures and should not wait for it.
     */
    async readyOutlook(): Promise<MonthOutlook | null> {
      const entry = await entryOf(periodOf(clock.now()));
      return entry.ready;
    },

    /** Computes this month's outlook and its stored states ahead of the screens that read them. */
    async warmUp(): Promise<void> {
      await ensureStates(await outlookOf(periodOf(clock.now())));
    },

    /**
     * The creators list's condition for a forecast filter (on the creators' id column): this
     * month's stored states, brought up to date with the snapshots first.
     */
    async listCondition(filter: ForecastFilter): Promise<(creatorId: Column) => SQL> {
      const outlook = await outlookOf(periodOf(clock.now()));
      await ensureStates(outlook);
      return (creatorId) => forecastFilterCondition(creatorId, outlook.period, filter);
    },

    async adminForecasts(): Promise<AdminForecasts> {
      const outlook = await outlookOf(periodOf(clock.now()));
      let summary = summaries.get(outlook);
      if (!summary) {
        summary = summarize(outlook);
        summaries.set(outlook, summary);
      }
      const [atRiskItems, outOfReachItems, darkItems] = await Promise.all([toItems(summary.atRisk), toItems(summary.outOfReach), toItems(summary.wentDark)]);
      return {
        period: outlook.period,
        asOf: outlook.asOf,
        snapshotDays: outlook.snapshotDays,
        darkAfterDays: outlook.darkAfterDays,
        counts: summary.counts,
        atRisk: atRiskItems,
        outOfReach: outOfReachItems,
        wentDark: darkItems,
      };
    },

    async myForecast(memberId: string): Promise<MyForecast> {
      const outlook = await outlookOf(periodOf(clock.now()));
      const mine = [...(outlook.byAffiliate.get(memberId) ?? [])];
      const base = { period: outlook.period, asOf: outlook.asOf, darkAfterDays: outlook.darkAfterDays };
      if (mine.length === 0) return { ...base, member: null, creators: [] };
      const [settings, [member]] = await Promise.all([getSettingsRow(db), readMembersByIds(db, [memberId])]);
      const personalRateBps = member?.commissionRateBps ?? null;
      const projection = projectTeam(mine, settings, personalRateBps);
      const ordered = mine.sort((a, b) => STATE_RANK[a.forecast.state] - STATE_RANK[b.forecast.state] || byDiamonds(a, b)).slice(0, MY_CREATORS);
      return { ...base, member: { ...projection, personalRate: personalRateBps !== null }, creators: await toItems(ordered) };
    },
  };
}

export type ForecastsService = ReturnType<typeof createForecastsService>;
