import { z } from 'zod';

/** A commission tier: monthly diamonds from..to (inclusive, null = no upper bound) earn rateBps (100 = 1%). */
export const commissionTierSchema = z.object({
  fromDiamonds: z.number().int().min(0),
  toDiamonds: z.number().int().min(0).nullable(),
  rateBps: z.number().int().min(0).max(10_000),
});
export type CommissionTier = z.infer<typeof commissionTierSchema>;

/** docs/product.md §7: D < 3,000,000 -> 1%; 3,000,000..5,000,000 -> 2%; above -> 3%. */
export const DEFAULT_COMMISSION_TIERS: CommissionTier[] = [
  { fromDiamonds: 0, toDiamonds: 2_999_999, rateBps: 100 },
  { fromDiamonds: 3_000_000, toDiamonds: 5_000_000, rateBps: 200 },
  { fromDiamonds: 5_000_001, toDiamonds: null, rateBps: 300 },
];

/** Value of one diamond in micro-dollars: 5000 = $0.005. */
export const DEFAULT_DIAMOND_VALUE_MICROS = 5000;
