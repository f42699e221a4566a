import {
  forgotSchema,
  loginSchema,
  meSchema,
  type Me,
  otpSendResponseSchema,
  otpSendSchema,
  otpVerifySchema,
  registerResponseSchema,
  registerSchema,
  resetSchema,
  sessionResponseSchema,
} from '@agency/shared';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope, errorEnvelope, messageEnvelope, ok, okWithMessage } from '../../lib/envelope.ts';
import { currentUser } from '../../plugins/auth.ts';
import { authRateLimit, type RateLimitOptions } from '../../plugins/rate-limit.ts';
import type { OtpService } from './otp.service.ts';
import type { AccountService } from './account.service.ts';
import type { AuthService, RequestContext } from './auth.service.ts';

export interface AuthRoutesOptions {
  auth: AuthService;
  accounts: AccountService;
  otp: OtpService;
  /** The members service (modules/members, which sits above auth): only what `GET /auth/me` calls. */
  members: { getMe(userId: string): Promise<Me> };
  authenticate: onRequestHookHandler;
  rateLimits: RateLimitOptions;
}

function requestContext(request: FastifyRequest): RequestContext {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : null };
}

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 429: errorEnvelope };

/** docs/product.md §3: phone codes, e-mail and password, reset links, registration, sessions. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { auth, accounts, otp, members, authenticate } = options;
  const config = authRateLimit(options.rateLimits);

  app.post(
    '/auth/otp/send',
    {
      config,
      schema: {
        tags: ['auth'],
        summary: 'Send a 6-digit code by SMS (login or apply); the same answer whatever the account state, the SMS says the rest',
        body: otpSendSchema,
        response: { 200: messageEnvelope(otpSendResponseSchema), ...errors },
      },
    },
    async (request) =>
      okWithMessage('OTP_SENT', await otp.sendCode({ phone: request.body.phone, purpose: request.body.purpose, ip: request.ip, locale: request.body.locale })),
  );

  app.post(
    '/auth/otp/verify',
    {
      config,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with the SMS code',
        body: otpVerifySchema,
        response: { 200: messageEnvelope(sessionResponseSchema), ...errors },
      },
    },
    async (request) => okWithMessage('LOGIN_SUCCESS', await auth.loginWithCode(request.body, requestContext(request))),
  );

  app.post(
    '/auth/login',
    {
      config,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: loginSchema,
        response: { 200: messageEnvelope(sessionResponseSchema), ...errors },
      },
    },
    async (request) => okWithMessage('LOGIN_SUCCESS', await auth.loginWithPassword(request.body, requestContext(request))),
  );

  app.post(
    '/auth/forgot',
    {
      config,
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password reset link (single use, 30 minutes); the same answer whether or not the e-mail has an account',
        body: forgotSchema,
        response: { 200: messageEnvelope(z.object({ expiresInSeconds: z.number().int() })), ...errors },
      },
    },
    async (request) => okWithMessage('PASSWORD_RESET_SENT', await accounts.requestPasswordReset(request.body.email)),
  );

  app.post(
    '/auth/reset',
    {
      config,
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the link token; signs out every session',
        body: resetSchema,
        response: { 200: messageEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await accounts.resetPassword(request.body, requestContext(request));
      return okWithMessage('PASSWORD_RESET_DONE', null);
    },
  );

  app.post(
    '/register',
    {
      config,
      schema: {
        tags: ['auth'],
        summary: 'Create a pending e-mail account; a taken e-mail gets the same answer and its owner an e-mail',
        body: registerSchema,
        response: { 201: messageEnvelope(registerResponseSchema), ...errors },
      },
    },
    async (request, reply) => {
      const result = await accounts.register(request.body, requestContext(request));
      return reply.code(201).send(okWithMessage('REGISTERED', result));
    },
  );

  app.post(
    '/auth/logout',
    {
      onRequest: authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Revoke the current token',
        security: [{ accessToken: [] }, { bearer: [] }],
        response: { 200: messageEnvelope(z.null()), 401: errorEnvelope },
      },
    },
    async (request) => {
      await auth.logout(currentUser(request));
      return okWithMessage('LOGOUT_SUCCESS', null);
    },
  );

  app.get(
    '/me',
    {
      onRequest: authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Who am I',
        security: [{ accessToken: [] }, { bearer: [] }],
        response: { 200: dataEnvelope(meSchema), 401: errorEnvelope },
      },
    },
    async (request) => ok(await members.getMe(currentUser(request).id)),
  );
};
