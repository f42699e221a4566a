import { MESSAGES, type MessageCode } from '@agency/shared';
import { z } from 'zod';

/** Success answers of docs/product.md §20: `{ error: false, data }`, actions also carry a message. */
export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ error: z.literal(false), data });
}

export function messageEnvelope<T extends z.ZodType>(data: T) {
  return z.object({
    error: z.literal(false),
    message: z.string(),
    messageCode: z.enum(Object.keys(MESSAGES) as [MessageCode, ...MessageCode[]]),
    data,
  });
}

export const errorEnvelope = z.object({
  error: z.literal(true),
  code: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string().optional(), message: z.string() }).loose()).optional(),
});

export function ok<T>(data: T): { error: false; data: T } {
  return { error: false, data };
}

export function okWithMessage<T>(messageCode: MessageCode, data: T) {
  return { error: false as const, message: MESSAGES[messageCode], messageCode, data };
}
