import { passwordSchema } from '@agency/shared';
import { eq, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Clock } from '../lib/clock.ts';
import { hashPassword } from '../lib/passwords.ts';
import { normalizeMobilePhone } from '../lib/phone.ts';
import { recordActivity } from '../modules/activity/activity.repository.ts';
import { insertUser } from '../modules/users/users.repository.ts';
import { createUniqueReferralCode } from '../modules/users/referral-codes.ts';
import type { Database } from './client.ts';
import { users } from './schema.ts';

export class CreateAdminRefusedError extends Error {
  override name = 'CreateAdminRefusedError';
}

const createAdminInputSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()),
  phone: z.string().trim().min(1),
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  password: passwordSchema.refine((value) => value.length >= 12, 'the first admin password needs at least 12 characters'),
});
export type CreateAdminInput = z.input<typeof createAdminInputSchema>;

/**
 * Creates an active admin (production has no demo seed, so this is how the first one appears).
 * Refuses an e-mail or phone that an account already uses; writes an `admin.create` entry to the
 * activity log (no actor: it comes from a shell, not from the product).
 */
export async function createAdmin(db: Database, input: CreateAdminInput, clock: Clock): Promise<{ id: string; email: string }> {
  const parsed = createAdminInputSchema.safeParse(input);
  if (!parsed.success) {
    throw new CreateAdminRefusedError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
  }
  const { email, firstName, lastName, password } = parsed.data;
  const phone = normalizeMobilePhone(parsed.data.phone);
  if (!phone) throw new CreateAdminRefusedError('phone: not a valid mobile number (use the +country form)');
  const [taken] = await db.select({ id: users.id }).from(users).where(or(eq(users.email, email), eq(users.phone, phone)));
  if (taken) throw new CreateAdminRefusedError('an account with this e-mail or phone already exists');

  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const now = clock.now();
    const row = await insertUser(tx, {
      firstName,
      lastName,
      email,
      phone,
      passwordHash,
      role: 'admin',
      status: 'active',
      referralCode: await createUniqueReferralCode(tx),
      joinedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await recordActivity(tx, { actorId: null, action: 'admin.create', entityType: 'user', entityId: row.id, at: now });
    return { id: row.id, email };
  });
}
