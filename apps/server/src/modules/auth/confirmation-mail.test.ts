import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createJobQueue, defaultSchema } from '../../platform/jobs/pg-boss-queue.js';
import { createUser, latestCode, readMails } from '../../test/factories.js';
import { startLoopbackSmtp, type LoopbackSmtp } from '../../test/smtp-server.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerAuthJobs } from './auth.jobs.js';
import { CONFIRMATION_MAIL_JOB } from './confirmation-mail.js';

describe('the confirmation mail goes out from a job', () => {
  let t: TestApp | undefined;
  let smtp: LoopbackSmtp | undefined;

  afterEach(async () => {
    await t?.close();
    await smtp?.close();
    t = smtp = undefined;
  });

  async function waitingMailJobs(app: TestApp) {
    const schema = await defaultSchema(app.app.ctx.platform.database);
    const result = (await app.app.ctx.db.execute(
      sql`select data from ${sql.identifier(schema)}.job where name = ${CONFIRMATION_MAIL_JOB} and state = 'created'`,
    )) as unknown as { rows: Array<{ data: { userId: string } }> };
    return result.rows.map((row) => row.data);
  }

  it('answers the request at once with the mail queued; once worked, the .eml holds a code that confirms', async () => {
    t = await createTestApp({}, { work: false });
    const user = await createUser(t.app, { status: 'UNCONFIRMED' });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/resend-code', payload: { email: user.email } });
    expect(res.statusCode).toBe(202);
    // Queued, not sent, and the job holds the user's id only: the code is made when the mail goes out.
    expect(await waitingMailJobs(t)).toEqual([{ userId: user.id }]);

    const worker = createJobQueue(t.app.ctx.platform.database, t.config, t.app.log, {
      work: [CONFIRMATION_MAIL_JOB],
      pollingIntervalSeconds: 0.5,
    });
    registerAuthJobs({ ...t.app.ctx, jobs: worker });
    await worker.start();
    try {
      await worker.idle([CONFIRMATION_MAIL_JOB]);
    } finally {
      await worker.stop();
    }
    expect(await readMails(t, user.email)).toHaveLength(1);
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-user',
      payload: { email: user.email, code: await latestCode(t, user.email) },
    });
    expect(confirm.statusCode).toBeLessThan(300);
  });

  it('retries a send the mail server refused, and the mail arrives', async () => {
    smtp = await startLoopbackSmtp(1);
    t = await createTestApp({ SMTP_URL: smtp.url });
    const user = await createUser(t.app, { status: 'UNCONFIRMED' });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/resend-code', payload: { email: user.email } });
    expect(res.statusCode).toBe(202);
    await t.app.ctx.jobs.idle([CONFIRMATION_MAIL_JOB], { timeoutMs: 90_000 });
    expect(smtp.refused).toBe(1);
    expect(smtp.accepted).toHaveLength(1);
    expect(smtp.accepted[0]).toContain(`To: ${user.email}`);
  }, 120_000);
});
