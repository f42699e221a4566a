import type { BankDetailsInput } from '@agency/shared';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordActivity } from '../activity/index.ts';
import { findBankDetails } from '../users/index.ts';
import { checkBankDetails } from './bank-rules.ts';
import { upsertBankDetails } from './bank.repository.ts';

/** The last four characters only: the activity log never holds a whole IBAN or identity number. */
function masked(value: string | undefined): string | null {
  return value ? `…${value.slice(-4)}` : null;
}

export function createBankService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /**
     * Saves the signed-in member's bank details. Checks run before anything is written; saving
     * (even the same values) resets the status to `Not Verified` until an admin verifies again.
     */
    async updateOwnBankDetails(userId: string, input: BankDetailsInput, context: { ip: string }): Promise<void> {
      const details = checkBankDetails(input);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const before = await findBankDetails(tx, userId);
        await upsertBankDetails(tx, userId, details, now);
        await recordActivity(tx, {
          actorId: userId,
          action: 'bank.update',
          entityType: 'user',
          entityId: userId,
          before: before
            ? {
                holderName: before.holderName,
                bankName: before.bankName,
                iban: masked(before.iban),
                identityNumber: masked(before.identityNumber),
                verified: before.verifiedAt !== null,
              }
            : null,
          after: {
            holderName: details.holderName,
            bankName: details.bankName,
            iban: masked(details.iban),
            identityNumber: masked(details.identityNumber),
            verified: false,
          },
          ip: context.ip,
          at: now,
        });
      });
    },
  };
}

export type BankService = ReturnType<typeof createBankService>;
