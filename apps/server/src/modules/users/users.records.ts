import type { Me, Member } from '@agency/shared';
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
