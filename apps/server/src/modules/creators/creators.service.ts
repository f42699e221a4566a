import type { Creator } from '@agency/shared';
import type { CreatorRow } from '../../db/tables/creators.table.ts';

/** The creator fields (docs/product.md §5) (the month's figures are added by the lists that show them). */
export function toCreator(row: CreatorRow): Creator {
  return {
    id: row.id,
    tiktokUsername: row.tiktokUsername,
    name: row.name,
    phone: row.phone,
    status: row.status,
    reason: row.reason,
    ownerId: row.ownerId,
    affiliateId: row.affiliateId,
    agencyCenterCode: row.agencyCenterCode,
    joinedAt: row.joinedAt.toISOString(),
  };
}
