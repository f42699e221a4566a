/** What other modules may use of members. */
export { findBankDetails, findUserByEmail, findUserById, findUserByPhone, findUserByReferralCode, insertUser, updateUserPassword } from './members.repository.ts';
export { createUniqueReferralCode, referralLink, toMe, toMember } from './members.service.ts';
export type { MembersService } from './members.service.ts';
export { isMember, listHistoryOf, lockUser, updateUser } from './members.admin.repository.ts';
