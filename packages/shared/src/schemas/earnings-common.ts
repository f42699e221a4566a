// What the earnings contracts (earnings.ts, uploads.ts) share: the month and a member's reference.
import { z } from 'zod';

export const periodSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month like 2026-09');

export const memberRef = z.object({ uid: z.string(), firstName: z.string(), lastName: z.string() });
