import type { ReferralCodeRotation } from '@agency/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { recordActivity } from '../activity/index.ts';
import { findUserById } from '../users/index.ts';
import { createUniqueReferralCode, referralLink } from '../users/index.ts';
import { updateUserFields } from '../profile/index.ts';

/** Referral links: an admin gives a member a new code; the old link stops working at once. */
export function createAgencyService(deps: { db: Database; clock: Clock; publicUrl: string }) {
  const { db, clock } = deps;
  return {
    async rotateReferralCode(admin: AuthUser, memberId: string, context: { ip: string }): Promise<ReferralCodeRotation> {
      const member = await findUserById(db, memberId);
      if (!member || member.role !== 'user') throw new AppError('NOT_FOUND');
      const now = clock.now();
      for (let attempt = 0; attempt < 3; attempt += 1) {
        try {
          const code = await db.transaction(async (tx) => {
            const fresh = await createUniqueReferralCode(tx);
            await updateUserFields(tx, memberId, { referralCode: fresh }, now);
            await recordActivity(tx, {
              actorId: admin.id,
              action: 'member.referral_code_rotate',
              entityType: 'user',
              entityId: memberId,
              before: { referralCode: member.referralCode },
              after: { referralCode: fresh },
              ip: context.ip,
              at: now,
            });
            return fresh;
          });
          return { uid: memberId, referralCode: code, referralLink: referralLink(deps.publicUrl, code) };
        } catch (error) {
          // Two rotations drew the same free code at the same moment: draw again.
          if (!isUniqueViolation(error, 'users_referral_code_unique')) throw error;
        }
      }
      throw new AppError('CONFLICT');
    },
  };
}

export type AgencyService = ReturnType<typeof createAgencyService>;
