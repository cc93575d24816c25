import {
  changePasswordBody,
  checkEmailParams,
  createFanBody,
  deleteAccountBody,
  deletedAnswer,
  emailExistsAnswer,
  imagePathAnswer,
  messages,
  passwordChangedAnswer,
  profileImageBody,
  publicUser,
  updateUserBody,
  userIdParams,
} from '@hfm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FAN_SIGN_UP_BODY_LIMIT, IMAGE_BODY_LIMIT, imageFormRules } from '../../http/limits.js';
import { badRequest } from '../../errors/app-error.js';
import { fileOrField, readMultipartForm } from '../../http/multipart.js';
import { perSignedInAccountLimit, rateLimited } from '../../http/route-options.js';
import { requireAccess } from '../access/index.js';
import { SESSION_COOKIE } from '../auth/index.js';
import { deleteAccount } from './account-deletion.service.js';
import { changePassword, getUser, removeProfileImage, updateUser, uploadProfileImage } from './account.service.js';
import { signUpFan } from './fan-sign-up.service.js';
import { isEmailTaken } from '../users/index.js';

export async function accountsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    '/api/users/check-email/:email',
    {
      config: { ...rateLimited(app), access: 'public' },
      schema: {
        tags: ['users'],
        summary: 'Whether an account with this email exists',
        params: checkEmailParams,
        response: { 200: emailExistsAnswer },
      },
    },
    async (request) => ({ exists: await isEmailTaken(ctx.db, request.params.email) }),
  );

  app.post(
    '/api/users/create',
    {
      bodyLimit: FAN_SIGN_UP_BODY_LIMIT,
      config: { ...rateLimited(app), access: 'public' },
      schema: {
        tags: ['users'],
        summary: 'Fan sign-up: an unconfirmed subscriber, mailed a 6-digit code',
        body: createFanBody,
        response: { 201: publicUser },
      },
    },
    async (request, reply) => reply.status(201).send(await signUpFan(ctx, request.body)),
  );

  app.get(
    '/api/users/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['users'],
        summary: 'One account (self or admin; another existing account is a 403)',
        params: userIdParams,
        response: { 200: publicUser },
      },
    },
    async (request) => getUser(ctx, request.currentUser, request.params.id),
  );

  // PUT is the spec's users save; PATCH its generic save's default method.
  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/api/users/:id',
      config: { access: 'signedIn' },
      schema: {
        tags: ['users'],
        summary: 'Update account info (self or admin); date of birth and email cannot change',
        params: userIdParams,
        body: updateUserBody,
        response: { 200: publicUser },
      },
      handler: async (request) => updateUser(ctx, request.currentUser, request.params.id, request.body),
    });
  }

  app.delete(
    '/api/users/:id',
    {
      config: { ...rateLimited(app), access: 'signedIn' },
      preHandler: perSignedInAccountLimit(app),
      schema: {
        tags: ['users'],
        summary:
          "Delete a fan's account (self, or an admin), confirmed with the caller's current password: every session ends, personal data goes, payment records stay (docs/decisions/0014)",
        params: userIdParams,
        body: deleteAccountBody,
        response: { 200: deletedAnswer },
      },
    },
    async (request, reply) => {
      const answer = await deleteAccount(ctx, request.currentUser, request.params.id, request.body);
      if (request.currentUser?.id === answer.id) {
        reply.clearCookie(SESSION_COOKIE, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: ctx.config.secureCookies,
        });
      }
      return answer;
    },
  );

  app.put(
    '/api/users/password/:id',
    {
      config: { ...rateLimited(app), access: 'signedIn' },
      preHandler: perSignedInAccountLimit(app),
      schema: {
        tags: ['users'],
        summary: 'Change password (self only); the other sessions end',
        params: userIdParams,
        body: changePasswordBody,
        response: { 200: passwordChangedAnswer },
      },
    },
    async (request) => {
      await changePassword(ctx, request.currentUser, request.params.id, request.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/profile-image/upload/:id',
    {
      config: { access: 'signedIn' },
      bodyLimit: IMAGE_BODY_LIMIT,
      schema: {
        tags: ['users'],
        summary: 'Upload a profile image (PNG or JPEG; self or admin)',
        consumes: ['application/json', 'multipart/form-data'],
        params: userIdParams,
        body: profileImageBody,
        response: { 200: imagePathAnswer },
      },
    },
    async (request) => {
      await requireAccess(ctx, request.currentUser, 'user.manage', [request.params.id]);
      const imageData = request.isMultipart()
        ? fileOrField(await readMultipartForm(request, imageFormRules('imageData')), 'imageData')
        : (request.body?.imageData ?? null);
      if (!imageData) throw badRequest(messages.imageType, { imageData: messages.imageType });
      return uploadProfileImage(ctx, request.currentUser, request.params.id, imageData);
    },
  );

  app.delete(
    '/api/users/remove/profile-image/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['users'],
        summary: 'Remove the profile image (self or admin)',
        params: userIdParams,
        response: { 200: publicUser },
      },
    },
    async (request) => removeProfileImage(ctx, request.currentUser, request.params.id),
  );
}
