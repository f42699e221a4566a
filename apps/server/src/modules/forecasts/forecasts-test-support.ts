/**
 * Test support: a small agency's month of daily Backstage exports (September 2026, 30 days), each
 * the month-to-date figures as of its day, made from what each creator did day by day. The
 * forecasts tests import them one day after the other and check the forecast against figures
 * worked out by hand (forecasts.test.ts).
 *
 * What the creators do (every LIVE day is a valid day):
 * - steady.star: LIVE every day, 2 h, 100,000 diamonds a day.
 * - slow.sam: LIVE every third day (3, 6, 9 ...), 1 h 30 min, 30,000 diamonds.
 * - dark.dana: LIVE on days 1-10, 3 h, 50,000 diamonds; nothing after.
 * - new.nova: joined on the 10th; LIVE on even days from the 10th, 1 h 30 min, 20,000 diamonds.
 * - rare.rita: LIVE on days 5 and 15 only, 1 h, 10,000 diamonds.
 */

interface Activity {
  username: string;
  /** The day the creator first appears in the exports (joined). */
  from: number;
  live(day: number): { seconds: number; diamonds: number } | null;
}

const MONTH_AGENCY: readonly Activity[] = [
  { username: 'steady.star', from: 1, live: () => ({ seconds: 7200, diamonds: 100_000 }) },
  { username: 'slow.sam', from: 1, live: (day) => (day % 3 === 0 ? { seconds: 5400, diamonds: 30_000 } : null) },
  { username: 'dark.dana', from: 1, live: (day) => (day <= 10 ? { seconds: 10_800, diamonds: 50_000 } : null) },
  { username: 'new.nova', from: 10, live: (day) => (day >= 10 && day % 2 === 0 ? { seconds: 5400, diamonds: 20_000 } : null) },
  { username: 'rare.rita', from: 1, live: (day) => (day === 5 || day === 15 ? { seconds: 3600, diamonds: 10_000 } : null) },
];

export const NOVA_JOINED = new Date('2026-09-10T00:00:00Z');

/** `2026-09-DD`. */
export function septemberDay(day: number): string {
  return `2026-09-${String(day).padStart(2, '0')}`;
}

/** `7h 5m 0s`, as Backstage writes a LIVE duration. */
function duration(seconds: number): string {
  return `${Math.floor(seconds / 3600)}h ${Math.floor((seconds % 3600) / 60)}m ${seconds % 60}s`;
}

/** The export pulled after day `day`: every creator's September figures up to the end of that day. */
export function dailyExport(day: number): Buffer {
  const lines = [`Exported at ${septemberDay(day)} 23:50 UTC+0`, "Creator's username,Diamonds,LIVE duration,Valid go LIVE days"];
  for (const creator of MONTH_AGENCY) {
    if (creator.from > day) continue;
    let diamonds = 0;
    let seconds = 0;
    let validDays = 0;
    for (let each = 1; each <= day; each += 1) {
      const live = creator.live(each);
      if (!live) continue;
      diamonds += live.diamonds;
      seconds += live.seconds;
      validDays += 1;
    }
    lines.push(`${creator.username},${diamonds},${duration(seconds)},${validDays}`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}
