import { adminUser, adminUsersPage, adminUsersQuery, userIdParams } from '@hfm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { disableUser, enableUser, listUsersForAdmin } from './users-admin.service.js';

/** The admin's accounts screen: the paged list (spec 001 section 7.2) and disabling or enabling an account. */
export async function usersAdminRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    '/api/paged/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary:
          'Accounts a page at a time (admin): role (ADMIN, ARTIST, SUBSCRIBER), status, search of name or email; newest first',
        querystring: adminUsersQuery,
        response: { 200: adminUsersPage },
      },
    },
    async (request) => listUsersForAdmin(ctx, request.currentUser, request.query),
  );

  app.post(
    '/api/users/:id/disable',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary:
          'Disable an account (admin): SUSPENDED, every session ends at once, sign-in refused; admin accounts cannot be disabled (409)',
        params: userIdParams,
        response: { 200: adminUser },
      },
    },
    async (request) => disableUser(ctx, request.currentUser, request.params.id),
  );

  app.post(
    '/api/users/:id/enable',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'Enable a disabled account again (admin): ACTIVE, or UNCONFIRMED if never confirmed',
        params: userIdParams,
        response: { 200: adminUser },
      },
    },
    async (request) => enableUser(ctx, request.currentUser, request.params.id),
  );
}
