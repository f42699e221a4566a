import type { Executor } from '../../db/client.ts';
import { createReferralCode } from '../../lib/crypto.ts';
import { isReferralCodeTaken } from './users.repository.ts';

/** A fresh referral code not used by anybody yet (collisions are rare; the unique index decides). */
export async function createUniqueReferralCode(db: Executor): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const code = createReferralCode();
    if (!(await isReferralCodeTaken(db, code))) return code;
  }
  throw new Error('could not find a free referral code');
}
