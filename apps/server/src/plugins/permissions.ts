import { can, type Permission, type Role } from '@agency/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/** A preHandler: 401 without a signed-in user, 403 when the role lacks the permission. */
export function requirePermission(permission: Permission) {
  return async function checkPermission(request: FastifyRequest): Promise<void> {
    if (!request.user) throw new AppError('UNAUTHENTICATED');
    if (!can(request.user.role, permission)) throw new AppError('FORBIDDEN');
  };
}

/** A scope-level hook: only this role may enter (after `authenticate`). */
export function requireRole(role: Role) {
  return async function checkRole(request: FastifyRequest): Promise<void> {
    if (!request.user) throw new AppError('UNAUTHENTICATED');
    if (request.user.role !== role) throw new AppError('FORBIDDEN');
  };
}
