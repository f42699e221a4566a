/**
 * What other modules may use of users: the user record (one `users` or `bank_details` row at a
 * time), its API shapes and referral codes. Sign-in, applications, profiles, creators and the
 * members admin all need it; it imports no other module.
 */
export { findBankDetails, findUserByEmail, findUserById, findUserByPhone, findUserByReferralCode, insertUser, isMember, updateUserPassword } from './users.repository.ts';
export { referralLink, toMe, toMember } from './users.records.ts';
export { createUniqueReferralCode } from './referral-codes.ts';
