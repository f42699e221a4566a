import { z } from 'zod';

/** Lists answer `{ items, total, page, pageSize }` (docs/product.md §20). */
export const listQuerySchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  sort: z
    .string()
    .regex(/^-?[a-zA-Z]+$/)
    .optional(),
});

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

export const idParamSchema = z.strictObject({ id: z.string().uuid() });

export const healthSchema = z.object({ ok: z.boolean(), db: z.enum(['pglite', 'postgres']) });
