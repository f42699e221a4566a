import { isLocale, DEFAULT_LOCALE, type Locale } from '@agency/shared';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Messaging } from '../messaging/index.ts';
import { notifySystemEach } from '../notifications/index.ts';
import { getSettingsRow } from '../settings-row/index.ts';
import { briefLink, briefText, type BriefNews } from './brief-texts.ts';
import { claimBrief, claimBriefRun, readBriefRecipients, readLatestBriefs, type BriefCovered } from './forecasts.repository.ts';
import type { ForecastsService } from './forecasts.service.ts';
import { projectTeam, type CreatorOutlook } from './month-outlook.ts';

/** A next tier is "within reach" when the diamonds it still needs are at most a tenth of its threshold. */
const WITHIN_REACH_DIVISOR = 10;

/** `YYYY-MM-DD` of `now` in `timeZone` (UTC when null). */
function dayIn(now: Date, timeZone: string | null): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone ?? 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function coveredOf(entries: readonly CreatorOutlook[], tierBps: number | null): BriefCovered {
  const covered: BriefCovered = { atRisk: [], outOfReach: [], wentDark: [], tierBps };
  for (const entry of entries) {
    if (entry.forecast.state === 'atRisk') covered.atRisk.push(entry.creator.id);
    if (entry.forecast.state === 'outOfReach') covered.outOfReach.push(entry.creator.id);
    if (entry.dark) covered.wentDark.push(entry.creator.id);
  }
  return covered;
}

/** What `now` covers that `before` did not. */
function newsOf(now: BriefCovered, before: BriefCovered | undefined, tier: BriefNews['tier']): BriefNews {
  const fresh = (ids: string[], old: string[] | undefined) => {
    const seen = new Set(old ?? []);
    return ids.filter((id) => !seen.has(id));
  };
  return {
    atRisk: fresh(now.atRisk, before?.atRisk),
    outOfReach: fresh(now.outOfReach, before?.outOfReach),
    wentDark: fresh(now.wentDark, before?.wentDark),
    tier: tier && tier.rateBps !== before?.tierBps ? tier : null,
  };
}

const isEmpty = (news: BriefNews) => news.atRisk.length + news.outOfReach.length + news.wentDark.length === 0 && news.tier === null;

/**
 * The daily brief: after the day's first committed upload, each active admin and member with something new
 * since their previous brief (a creator turned at risk or out of reach, went dark; for a member,
 * the next tier within reach) gets one in-app notification and, when they have an e-mail address
 * and did not turn it off, one e-mail, in their own language. At most one per person per day (the
 * agency's day, in the payout time zone): the day's run is claimed first (brief_runs), and each
 * person's row of the day in daily_briefs in the same transaction as their notification. An admin's brief covers every creator; a member's their own.
 */
export function createDailyBrief(deps: { db: Database; clock: Clock; forecasts: ForecastsService; messaging: Messaging; publicUrl: string; log?: { warn(object: unknown, message: string): void } }) {
  const { db, clock, forecasts, messaging, publicUrl } = deps;

  return {
    /** The day's briefs, once per day (the first call of the day claims it); returns how many people got one. */
    async send(): Promise<number> {
      const now = clock.now();
      const settings = await getSettingsRow(db);
      const day = dayIn(now, settings.payoutTimeZone);
      if (!(await claimBriefRun(db, day, now))) return 0;
      const outlook = await forecasts.currentOutlook();
      if (outlook.asOf === null) return 0;
      const [recipients, latest] = await Promise.all([readBriefRecipients(db), readLatestBriefs(db)]);
      const all = [...outlook.byCreator.values()];
      const username = (id: string) => outlook.byCreator.get(id)?.creator.tiktokUsername ?? id;
      let sent = 0;
      for (const recipient of recipients) {
        if (latest.get(recipient.id)?.day === day) continue;
        const mine = recipient.role === 'admin' ? all : (outlook.byAffiliate.get(recipient.id) ?? []);
        let tier: BriefNews['tier'] = null;
        if (recipient.role !== 'admin' && mine.length > 0) {
          const projection = projectTeam(mine, settings, recipient.commissionRateBps);
          const next = projection.nextTier;
          if (next && next.diamondsNeeded * WITHIN_REACH_DIVISOR <= projection.projectedDiamonds + next.diamondsNeeded) tier = { rateBps: next.rateBps, diamondsNeeded: next.diamondsNeeded };
        }
        const covered = coveredOf(mine, tier?.rateBps ?? null);
        const news = newsOf(covered, latest.get(recipient.id)?.covered, tier);
        if (isEmpty(news)) continue;
        const locale: Locale = isLocale(recipient.locale) ? recipient.locale : DEFAULT_LOCALE;
        const { title, lines } = briefText(locale, news, username);
        const url = recipient.role === 'admin' ? `${publicUrl}/app/dashboards/adminDashboard` : `${publicUrl}/app/setting/publisher`;
        const claimed = await db.transaction(async (tx) => {
          if (!(await claimBrief(tx, recipient.id, day, covered, now))) return false;
          const params = { atRisk: news.atRisk.length, outOfReach: news.outOfReach.length, wentDark: news.wentDark.length, tierRateBps: news.tier?.rateBps ?? 0, diamondsNeeded: news.tier?.diamondsNeeded ?? 0 };
          await notifySystemEach(tx, [{ userId: recipient.id, notification: { template: 'dailyBrief', params, title, message: lines.join('\n') } }], now);
          return true;
        });
        if (!claimed) continue;
        sent += 1;
        if (recipient.email && recipient.briefEmail) {
          await messaging
            .sendEmail(recipient.email, title, `${lines.join('\n\n')}\n\n${briefLink(locale, url)}\n`, { purpose: 'dailyBrief' })
            .catch((error: unknown) => deps.log?.warn({ err: { message: (error as Error).message } }, 'daily brief e-mail failed'));
        }
      }
      return sent;
    },
  };
}

/** What runs the day's brief (createAfterImports). */
export type DailyBriefSender = ReturnType<typeof createDailyBrief>;
