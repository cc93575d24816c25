import { newReleases, releaseMailSettings, unsubscribeQuery, updateReleaseMailSettingsBody } from '@hfm/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.js';
import {
  getReleaseMailSettings,
  listNewReleases,
  readUnsubscribeLink,
  unsubscribeByLink,
  updateReleaseMailSettings,
} from './fan-releases.service.js';
import { badLinkPage, confirmPage, donePage } from './unsubscribe-page.js';

/** The form posts of the unsubscribe link (a mail app's one-click sends `List-Unsubscribe=One-Click`): read and dropped. */
const FORM_BODY_LIMIT = 1024;

const htmlPage = z.string().describe('An HTML page');

/** Releases: New for you, the release mail settings, and the mails' unsubscribe links (docs/releases.md). */
export async function releasesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, _body, done) => done(null, {}),
  );

  app.get(
    '/api/releases/new',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['releases'],
        summary:
          "New for you: released songs of the artists the member subscribes to that they have not played (the newest 24), and how many in all (My Music's badge)",
        response: { 200: newReleases },
      },
    },
    async (request) => listNewReleases(ctx, request.currentUser),
  );

  app.get(
    '/api/releases/settings',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['releases'],
        summary: 'The release mail settings: all on or off, and on or off per artist subscribed to',
        response: { 200: releaseMailSettings },
      },
    },
    async (request) => getReleaseMailSettings(ctx, request.currentUser),
  );

  app.put(
    '/api/releases/settings',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['releases'],
        summary: 'Turn release mails on or off: all, or per artist subscribed to (answers the settings)',
        body: updateReleaseMailSettingsBody,
        response: { 200: releaseMailSettings },
      },
    },
    async (request) => updateReleaseMailSettings(ctx, request.currentUser, request.body),
  );

  app.get(
    '/api/releases/unsubscribe',
    {
      config: { access: 'signedUrl' },
      schema: {
        tags: ['releases'],
        summary: "A release mail's unsubscribe link (signed; no sign-in): a page asking to confirm",
        querystring: unsubscribeQuery,
        response: { 200: htmlPage },
      },
    },
    async (request, reply) =>
      answerPage(request, reply, async () => {
        const target = await readUnsubscribeLink(ctx, request.query.token);
        return confirmPage(target.artistName, request.query.token);
      }),
  );

  app.post(
    '/api/releases/unsubscribe',
    {
      config: { access: 'signedUrl' },
      schema: {
        tags: ['releases'],
        summary:
          "Unsubscribe by a release mail's link (the confirm page's button, or a mail app's List-Unsubscribe-Post one-click)",
        querystring: unsubscribeQuery,
        response: { 200: htmlPage },
      },
    },
    async (request, reply) =>
      answerPage(request, reply, async () => donePage((await unsubscribeByLink(ctx, request.query.token)).artistName)),
  );
}

/** The page, or for a refused link the error: as a page to a browser, as the error vocabulary to others. */
async function answerPage(request: FastifyRequest, reply: FastifyReply, render: () => Promise<string>) {
  try {
    const html = await render();
    return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  } catch (error) {
    if (!(error instanceof AppError) || !(request.headers.accept ?? '').includes('text/html')) throw error;
    return reply
      .code(error.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(badLinkPage(error.message));
  }
}
