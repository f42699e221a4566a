import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { Database } from '../client.ts';
import { sessions, users } from '../schema.ts';
import { DEMO_MEMBER_PASSWORD, DEMO_MEMBERS } from './demo-data.ts';

/**
 * The demo on the network (docs/decisions/014). The README publishes the demo sign-ins; when the
 * server listens on an address other machines can reach (HOST other than loopback) outside
 * production, every demo account that still has its published password gets a generated one
 * instead, and its sessions end. The new passwords are returned once, for the start-up banner;
 * they are stored only as hashes, so a later start finds nothing to replace and prints none.
 */

/** The demo admin's password as the README and SEED_ADMIN_PASSWORD's default publish it. */
export const PUBLISHED_ADMIN_PASSWORD = 'Admin!2026demo';

export interface ReplacedDemoPassword {
  /** `admin` for the demo admin, `members` for the demo members (who share one new password). */
  who: 'admin' | 'members';
  emails: string[];
  password: string;
}

function generatedPassword(): string {
  // 120 random bits, letters, digits, - and _: typed once from the banner, then changed in the profile.
  return randomBytes(15).toString('base64url');
}

async function stillPublished(db: Database, emails: readonly string[], published: string): Promise<{ id: string; email: string }[]> {
  if (emails.length === 0) return [];
  const rows = await db.select({ id: users.id, email: users.email, passwordHash: users.passwordHash }).from(users).where(inArray(users.email, [...emails]));
  const matches: { id: string; email: string }[] = [];
  for (const row of rows) {
    if (row.passwordHash && row.email && (await verifyPassword(row.passwordHash, published))) matches.push({ id: row.id, email: row.email });
  }
  return matches;
}

/**
 * Replaces the published passwords of the demo admin (`adminEmail`) and the demo members that
 * still have them; returns what was replaced (empty when nothing was, e.g. on every later start).
 */
export async function replacePublishedDemoPasswords(db: Database, options: { adminEmail: string }): Promise<ReplacedDemoPassword[]> {
  const admin = await stillPublished(db, [options.adminEmail], PUBLISHED_ADMIN_PASSWORD);
  const members = await stillPublished(
    db,
    DEMO_MEMBERS.map((member) => member.email),
    DEMO_MEMBER_PASSWORD,
  );
  const replaced: ReplacedDemoPassword[] = [];
  const groups = [
    { who: 'admin' as const, accounts: admin },
    { who: 'members' as const, accounts: members },
  ];
  for (const { who, accounts } of groups) {
    if (accounts.length === 0) continue;
    const password = generatedPassword();
    const passwordHash = await hashPassword(password);
    const ids = accounts.map((account) => account.id);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(inArray(users.id, ids));
      // Whoever signed in with the published password is signed out.
      await tx.delete(sessions).where(ids.length === 1 ? eq(sessions.userId, ids[0]!) : inArray(sessions.userId, ids));
    });
    replaced.push({ who, emails: accounts.map((account) => account.email), password });
  }
  return replaced;
}

/** The start-up banner of a demo reachable from the network; with the new passwords when there are any. */
export function exposedDemoBanner(host: string, replaced: readonly ReplacedDemoPassword[]): string {
  const line = '='.repeat(78);
  const lines = [
    line,
    ` THIS IS A DEMO, AND IT LISTENS ON ${host}: other machines can reach it.`,
    ' It runs outside production (NODE_ENV is not production): demo data, no real SMS or e-mail,',
    ' development settings. Do not keep real data in it. Stop it, or set HOST=127.0.0.1, when done.',
    ' /api/dev/outbox answers only requests from this machine.',
  ];
  if (replaced.length > 0) {
    lines.push(' The published demo passwords do not work from here on. New ones, shown this once:');
    for (const entry of replaced) {
      const label = entry.who === 'admin' ? `admin ${entry.emails.join(', ')}` : `members ${entry.emails.join(', ')}`;
      lines.push(`   ${label}`, `     password: ${entry.password}`);
    }
  } else {
    lines.push(' The demo accounts do not have the published passwords (replaced at an earlier start, or changed).');
  }
  lines.push(line);
  return `${lines.join('\n')}\n`;
}
