import { requirementProgress } from '@agency/shared';
import { eq } from 'drizzle-orm';
import type { Env } from '../../config/env.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { normalizeMobilePhone } from '../../lib/phone.ts';
import { recomputeMemberMonths } from '../../modules/earnings/earnings.engine.ts';
import type { Database } from '../client.ts';
import { ensureMonthPartition } from '../month-partitions.ts';
import { bankDetails, creatorMonths, creators, settings, users } from '../schema.ts';
import { DEMO_AYSE_BANK, DEMO_CREATORS, DEMO_MEMBER_PASSWORD, DEMO_MEMBERS, DEMO_SETTINGS, type DemoMemberKey } from './demo-data.ts';
import { currentAsOfDay, demoUploads, insertDemoUploads, linkFiguresToUploads, writeDemoMoneyHistory } from './demo-history.ts';

const DAY_MS = 24 * 3600 * 1000;

class SeedRefusedError extends Error {
  override name = 'SeedRefusedError';
}

function monthStart(year: number, monthIndex: number): Date {
  return new Date(Date.UTC(year, monthIndex, 1));
}

function periodOf(date: Date): string {
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The current month and the two before it, oldest first, from the clock (UTC). */
export function demoMonths(now: Date): { period: string; start: Date; end: Date; isCurrent: boolean }[] {
  return [2, 1, 0].map((back) => {
    const start = monthStart(now.getUTCFullYear(), now.getUTCMonth() - back);
    const next = monthStart(now.getUTCFullYear(), now.getUTCMonth() - back + 1);
    return { period: periodOf(start), start, end: new Date(next.getTime() - 1), isCurrent: back === 0 };
  });
}

/**
 * Creates the demo agency on a fresh database. Returns false (and changes nothing) when the
 * admin already exists; refuses to run in production.
 */
export async function seedDemo(
  db: Database,
  options: { env: Pick<Env, 'isProduction' | 'SEED_ADMIN_EMAIL' | 'SEED_ADMIN_PASSWORD' | 'SEED_ADMIN_PHONE'>; clock: Clock },
): Promise<boolean> {
  const { env } = options;
  if (env.isProduction) throw new SeedRefusedError('The demo seed never runs in production');
  const adminPhone = normalizeMobilePhone(env.SEED_ADMIN_PHONE);
  if (!adminPhone) throw new SeedRefusedError('SEED_ADMIN_PHONE is not a valid mobile number');

  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, env.SEED_ADMIN_EMAIL));
  if (existing) return false;

  const now = options.clock.now();
  const months = demoMonths(now);
  const oldestStart = months[0]!.start;
  const todayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const joined = (daysBefore: number) =>
    daysBefore < 0 ? new Date(todayStart.getTime() + daysBefore * DAY_MS) : new Date(oldestStart.getTime() - daysBefore * DAY_MS);
  // The current month's figures are those of its latest upload, as of yesterday (today on the 1st).
  const asOfDay = currentAsOfDay(now);
  const currentAsOf = new Date(Math.min(now.getTime(), Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), asOfDay + 1) - 1));
  // What happened this month is spread over the part of it gone so far (a few minutes on the 1st).
  const currentStart = months[2]!.start;
  const inCurrentMonth = (fraction: number) => new Date(Math.floor((currentStart.getTime() + fraction * (now.getTime() - currentStart.getTime())) / 1000) * 1000);
  const creatorsWithFigures = DEMO_CREATORS.filter((creator) => creator.diamonds.length > 0).length;
  const uploadList = demoUploads(months, now, creatorsWithFigures, inCurrentMonth);

  const [adminHash, memberHash] = await Promise.all([
    hashPassword(env.SEED_ADMIN_PASSWORD),
    hashPassword(DEMO_MEMBER_PASSWORD),
  ]);

  await db.transaction(async (tx) => {
    const [admin] = await tx.insert(users).values({
      firstName: 'Agency',
      lastName: 'Admin',
      email: env.SEED_ADMIN_EMAIL,
      phone: adminPhone,
      passwordHash: adminHash,
      role: 'admin',
      status: 'active',
      locale: 'tr',
      referralCode: 'ADMIN026',
      joinedAt: joined(150),
    }).returning({ id: users.id });

    const memberIds = new Map<DemoMemberKey, string>();
    for (const member of DEMO_MEMBERS) {
      const [row] = await tx
        .insert(users)
        .values({
          firstName: member.firstName,
          lastName: member.lastName,
          email: member.email,
          phone: member.phone,
          passwordHash: memberHash,
          role: 'user',
          status: member.status,
          locale: 'tr',
          referralCode: member.referralCode,
          referredBy: member.referredBy ? memberIds.get(member.referredBy) : null,
          joinedAt: joined(member.joinedDaysBefore),
        })
        .returning({ id: users.id });
      memberIds.set(member.key, row!.id);
    }

    await tx.insert(bankDetails).values({
      userId: memberIds.get('ayse')!,
      ...DEMO_AYSE_BANK,
      verifiedAt: joined(100),
      updatedAt: joined(100),
    });

    // Each month of figures in a partition of its own, as an import would leave it.
    for (const month of months) await ensureMonthPartition(tx, month.period);
    for (const creator of DEMO_CREATORS) {
      const [row] = await tx
        .insert(creators)
        .values({
          tiktokUsername: creator.tiktokUsername,
          name: creator.name,
          phone: creator.owner ? DEMO_MEMBERS.find((member) => member.key === creator.owner)!.phone : null,
          status: creator.status,
          reason: creator.reason,
          ownerId: creator.owner ? memberIds.get(creator.owner)! : null,
          affiliateId: creator.affiliate ? memberIds.get(creator.affiliate)! : null,
          agencyCenterCode: creator.agencyCenterCode,
          joinedAt: joined(creator.joinedDaysBefore),
        })
        .returning({ id: creators.id });
      const creatorIndex = DEMO_CREATORS.indexOf(creator);
      const figures = creator.diamonds.map((diamonds, monthIndex) => {
        const month = months[monthIndex]!;
        // The current month is month-to-date: no more valid days than days up to its as-of date.
        const daysAvailable = month.isCurrent ? asOfDay : 30;
        const validDays = Math.min(daysAvailable, 10 + ((creatorIndex * 3 + monthIndex * 5) % 12));
        const lastLive = month.isCurrent
          ? new Date(Math.max(month.start.getTime(), currentAsOf.getTime() - (creatorIndex + 1) * 3600 * 1000))
          : new Date(month.end.getTime() - (creatorIndex + 1) * 7200 * 1000);
        const liveSeconds = Math.round(validDays * creator.hoursPerDay * 3600);
        const progress = requirementProgress({
          joinedAt: joined(creator.joinedDaysBefore),
          validDays,
          liveSeconds,
          period: month.period,
          asOf: month.isCurrent ? currentAsOf : month.end,
        });
        return {
          creatorId: row!.id,
          period: month.period,
          diamonds,
          validDays,
          liveSeconds,
          achievedBps: progress.achievedBps,
          requirementState: progress.state,
          matches: validDays * creator.matchesPerDay,
          lastLiveAt: lastLive,
        };
      });
      if (figures.length > 0) await tx.insert(creatorMonths).values(figures);
    }

    await tx
      .insert(settings)
      .values({ id: 1, ...DEMO_SETTINGS })
      .onConflictDoUpdate({ target: settings.id, set: DEMO_SETTINGS });
    for (const month of months) await recomputeMemberMonths(tx, month.period, now);

    await insertDemoUploads(tx, uploadList, admin!.id);
    await linkFiguresToUploads(tx, uploadList);
    await writeDemoMoneyHistory(tx, { months, now, adminId: admin!.id, memberIds, inCurrentMonth });
  });
  return true;
}
