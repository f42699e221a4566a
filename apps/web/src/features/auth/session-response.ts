import type { Role } from '@agency/shared';

/** The part of a sign-in answer (`/auth/otp/verify`, `/auth/login`) the browser keeps. */
export interface SignInAnswer {
  token: string;
  role: Role;
  /** `locale`: the person's language (their profile's), which the interface takes on sign-in. */
  user: { uid: string; locale?: unknown };
}

/** A light shape check: a malformed answer must never be stored as a session. */
export function isSignInAnswer(value: unknown): value is SignInAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const answer = value as Record<string, unknown>;
  const user = answer.user as Record<string, unknown> | null | undefined;
  return (
    typeof answer.token === 'string' &&
    answer.token.length > 0 &&
    (answer.role === 'user' || answer.role === 'admin') &&
    typeof user === 'object' &&
    user !== null &&
    typeof user.uid === 'string'
  );
}
