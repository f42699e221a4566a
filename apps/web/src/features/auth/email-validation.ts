import { emailSchema, passwordSchema } from '@agency/shared';

/** The shared contracts decide what a valid e-mail and a long enough password are. */
export const isValidEmail = (value: string): boolean => emailSchema.safeParse(value).success;
export const isStrongEnoughPassword = (value: string): boolean => passwordSchema.safeParse(value).success;
export const PASSWORD_MIN_LENGTH = 8;
