import type { Me } from '@agency/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findBankDetails, findUserById, toMe } from '../users/index.ts';

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
