import type { Me, Member } from '@agency/shared';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createReferralCode } from '../../lib/crypto.ts';
import { findBankDetails, findUserById, isReferralCodeTaken } from './members.repository.ts';
import type { UserRow } from '../../db/tables/members.table.ts';

/** The referral link a member shares: the application page with their code. */
export function referralLink(publicUrl: string, referralCode: string): string {
  return `${publicUrl}/kayit?ref=${encodeURIComponent(referralCode)}`;
}

/** The member fields of the API (docs/product.md §20). */
export function toMember(row: UserRow, bankVerified: boolean, publicUrl: string): Member {
  return {
    uid: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    email: row.email,
    status: row.status,
    role: row.role,
    joinedAt: row.joinedAt.toISOString(),
    referredBy: row.referredBy,
    referralCode: row.referralCode,
    referralLink: referralLink(publicUrl, row.referralCode),
    commissionRateBps: row.commissionRateBps,
    bankStatus: bankVerified ? 'Verified' : 'Not Verified',
    invoicePreference: row.invoicePreference,
  };
}

export function toMe(row: UserRow, bankVerified: boolean): Me {
  return {
    uid: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    email: row.email,
    role: row.role,
    status: row.status,
    locale: row.locale,
    joinedAt: row.joinedAt.toISOString(),
    referralCode: row.referralCode,
    bankStatus: bankVerified ? 'Verified' : 'Not Verified',
  };
}

/** A fresh referral code not used by anybody yet (collisions are rare; the unique index decides). */
export async function createUniqueReferralCode(db: Executor): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const code = createReferralCode();
    if (!(await isReferralCodeTaken(db, code))) return code;
  }
  throw new Error('could not find a free referral code');
}

export function createMembersService(deps: { db: Database; publicUrl: string }) {
  return {
    async getMe(userId: string): Promise<Me> {
      const user = await findUserById(deps.db, userId);
      if (!user) throw new AppError('UNAUTHENTICATED');
      const bank = await findBankDetails(deps.db, userId);
      return toMe(user, Boolean(bank?.verifiedAt));
    },

  };
}

export type MembersService = ReturnType<typeof createMembersService>;
