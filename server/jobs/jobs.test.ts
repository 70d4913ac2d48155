import { JOB_QUEUE_LABELS } from '../../shared/jobs.schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../db/schema';
import { notifyContactMessage } from '../mail/notify';
import { newId } from '../lib/ids';
import { createTestApp, signUp, signUpAdmin, type TestApp } from '../test-support/test-app';
import { JOBS_MESSAGES, jobsOverviewSchema } from '../../shared/jobs.schema';
import { DEAD_LETTER_QUEUE, JOBS_SCHEMA, QUEUES } from './queues';
import { createJobRunner, type JobRunner } from './runner';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'jobs-admin@example.com' });
});
afterAll(async () => {
  await t.close();
});

async function jobsIn(queue: string): Promise<number> {
  const result = await t.app.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.raw(JOBS_SCHEMA)}.job where name = ${queue} and state = 'created'`,
  );
  return Number(result.rows[0]!.n);
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 20)); // polls the state; the test timeout bounds it
  }
}

const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

describe('jobs are queued in the transaction of the change', () => {
  it('an e-mail and its delivery job exist exactly when the transaction commits', async () => {
    const before = await jobsIn(QUEUES.mail);
    const tag = newId();
    const contact = { id: tag, firstName: 'A', lastName: 'B', email: 'a@example.com', subject: tag, message: 'x' };
    await expect(
      t.app.db.transaction(async (tx) => {
        await notifyContactMessage(t.app.mail, tx, contact);
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `contact-message:${tag}:jobs-admin@example.com`))).toHaveLength(0);
    expect(await jobsIn(QUEUES.mail)).toBe(before);

    await t.app.db.transaction((tx) => notifyContactMessage(t.app.mail, tx, contact));
    expect(await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `contact-message:${tag}:jobs-admin@example.com`))).toHaveLength(1);
    expect(await jobsIn(QUEUES.mail)).toBe(before + 1);
  });
});

describe('the jobs page', () => {
  it('names every queue in words', () => {
    for (const queue of [...Object.values(QUEUES), DEAD_LETTER_QUEUE]) expect(JOB_QUEUE_LABELS[queue], queue).toBeDefined();
  });
});

describe('failed jobs (dead letters)', () => {
  let worker: JobRunner | null = null;
  afterAll(async () => {
    await worker?.stop();
  });

  it('a job that fails every try is listed for admins; Retry sends it back and it runs again', async () => {
    let fail = true;
    let runs = 0;
    worker = createJobRunner({ handle: t.database.handle, log: silent, worker: true });
    await worker.start([
      {
        queue: QUEUES.retention,
        run: async () => {
          runs += 1;
          if (fail) throw new Error('storage is unreachable');
        },
      },
    ]);
    await t.app.jobs.send(QUEUES.retention, { retryLimit: 0 });

    const admin = await signUpAdmin(t.app);
    const overview = async () => jobsOverviewSchema.parse((await t.request('GET', '/api/admin/jobs', admin)).json());
    const listed = await waitFor(overview, (o) => o.failed.some((j) => j.queue === QUEUES.retention));
    const failed = listed.failed.find((j) => j.queue === QUEUES.retention)!;
    expect(failed.error).toContain('storage is unreachable');
    expect(listed.queues.map((q) => q.queue)).toEqual(expect.arrayContaining([QUEUES.mail, QUEUES.webhooks, QUEUES.dueSoon, QUEUES.retention, DEAD_LETTER_QUEUE]));

    fail = false;
    const runsBefore = runs;
    const retry = await t.request('POST', `/api/admin/jobs/${failed.id}/retry`, admin);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ message: JOBS_MESSAGES.retried });
    await waitFor(async () => runs, (n) => n > runsBefore);
    const after = await overview();
    expect(after.failed.some((j) => j.id === failed.id)).toBe(false);

    // Retrying it again (a second tab, a double click) finds nothing: 404 with a message, no second run.
    const again = await t.request('POST', `/api/admin/jobs/${failed.id}/retry`, admin);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: JOBS_MESSAGES.notFound });
  });

  it('is for administrators only, and a malformed id is a 400', async () => {
    const customer = await signUp(t.app);
    expect((await t.request('GET', '/api/admin/jobs')).statusCode).toBe(401);
    expect((await t.request('GET', '/api/admin/jobs', customer)).statusCode).toBe(403);
    expect((await t.request('POST', `/api/admin/jobs/${crypto.randomUUID()}/retry`, customer)).statusCode).toBe(403);
    const admin = await signUpAdmin(t.app);
    const bad = await t.request('POST', '/api/admin/jobs/not-a-job-id/retry', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Unknown job' });
    const nul = await t.request('POST', '/api/admin/jobs/not%00an-id/retry', admin);
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ message: expect.stringContaining('NUL') });
  });
});
