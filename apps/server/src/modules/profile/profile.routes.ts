import multipart from '@fastify/multipart';
import {
  AVATAR_MAX_BYTES,
  idParamSchema,
  listResponseSchema,
  myCreatorSchema,
  myCreatorsQuerySchema,
  myProfileSchema,
  profileUpdateInputSchema,
} from '@agency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope, messageEnvelope, ok, okWithMessage } from '../../lib/envelope.ts';
import { readUploadedFile, sendImage } from '../../lib/uploads.ts';
import { currentUser } from '../../plugins/auth.ts';
import { requirePermission } from '../../plugins/permissions.ts';
import type { ProfileService } from './profile.service.ts';

/** Inside the member scope (`/api/me`): every route acts on the signed-in user only. */
export const profileSelfRoutes: FastifyPluginAsyncZod<{ profile: ProfileService }> = async (app, { profile }) => {
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  app.get(
    '/profile',
    {
      preHandler: requirePermission('profile:read:own'),
      schema: { tags: ['me'], summary: 'Own profile with bank details', response: { 200: dataEnvelope(myProfileSchema) } },
    },
    async (request) => ok(await profile.getProfile(currentUser(request).id)),
  );

  app.put(
    '/profile',
    {
      preHandler: requirePermission('profile:update:own'),
      schema: {
        tags: ['me'],
        summary: 'Change own name, e-mail, language and invoice preference; fields left out stay (the language menu sends `locale` alone); a new e-mail needs currentPassword or a sign-in code sent to the own phone',
        body: profileUpdateInputSchema,
        response: { 200: messageEnvelope(myProfileSchema) },
      },
    },
    async (request) => {
      const updated = await profile.updateProfile(currentUser(request).id, request.body, { ip: request.ip });
      return okWithMessage('DETAILS_UPDATED', updated);
    },
  );

  app.put(
    '/avatar',
    {
      preHandler: requirePermission('profile:update:own'),
      schema: {
        tags: ['me'],
        summary: 'Upload own picture (multipart `file`: PNG or JPEG, at most 2 MB; stored at most 256x256)',
        consumes: ['multipart/form-data'],
        response: { 200: messageEnvelope(z.object({ avatarUrl: z.string() })) },
      },
    },
    async (request) => {
      const upload = await readUploadedFile(request, AVATAR_MAX_BYTES);
      const result = await profile.updateAvatar(currentUser(request).id, upload, { ip: request.ip });
      return okWithMessage('DETAILS_UPDATED', result);
    },
  );

  app.get(
    '/avatar',
    {
      preHandler: requirePermission('profile:read:own'),
      schema: { tags: ['me'], summary: 'Own picture (PNG or JPEG)' },
    },
    async (request, reply) => sendImage(reply, await profile.readAvatar(currentUser(request).id), 'private'),
  );

  app.get(
    '/creators',
    {
      preHandler: requirePermission('creators:read:own'),
      schema: {
        tags: ['me'],
        summary: "Creators the member brought or signs in for, with this month's figures",
        querystring: myCreatorsQuerySchema,
        response: { 200: dataEnvelope(listResponseSchema(myCreatorSchema)) },
      },
    },
    async (request) => ok(await profile.listMyCreators(currentUser(request).id, request.query)),
  );
};

/** Inside the admin scope (`/api/admin`). */
export const profileAdminRoutes: FastifyPluginAsyncZod<{ profile: ProfileService }> = async (app, { profile }) => {
  app.get(
    '/members/:id/avatar',
    {
      preHandler: requirePermission('members:read:any'),
      schema: { tags: ['admin: members'], summary: "A member's picture (PNG or JPEG)", params: idParamSchema },
    },
    async (request, reply) => sendImage(reply, await profile.readAvatar(request.params.id), 'private'),
  );
};
