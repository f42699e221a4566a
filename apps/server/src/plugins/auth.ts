import type { Role } from '@agency/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';

export interface AuthUser {
  id: string;
  role: Role;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `authenticate`; null on public routes. */
    user: AuthUser | null;
  }
}

export type SessionResolver = (token: string, request: FastifyRequest) => Promise<AuthUser | null>;

/** The token comes in `accesstoken` (the web app) or `Authorization: Bearer` (other callers). */
function readAccessToken(request: FastifyRequest): string | null {
  const header = request.headers.accesstoken;
  const direct = Array.isArray(header) ? header[0] : header;
  if (direct && direct.trim()) return direct.trim();
  const authorization = request.headers.authorization;
  if (authorization) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (match?.[1]) return match[1];
  }
  return null;
}

/** An onRequest hook: 401 unless a live session belongs to an active account. */
export function createAuthenticate(resolveSession: SessionResolver) {
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const token = readAccessToken(request);
    if (!token || token.length > 200) throw new AppError('UNAUTHENTICATED');
    const user = await resolveSession(token, request);
    if (!user) throw new AppError('UNAUTHENTICATED');
    request.user = user;
  };
}

/** The signed-in user inside a guarded route; a 401 if a route forgot its guard. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  return request.user;
}

/** Marks every route of a guarded scope as needing the token, for the OpenAPI document. */
export function documentTokenSecurity(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: [{ accessToken: [] }, { bearer: [] }] };
  });
}
