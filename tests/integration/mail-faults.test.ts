// Mails under AWS's ordinary faults (issue 59, item 3; found by `npm run chaos`): a mail's claim whose put timed out
// after it was made is the sender's own, so the mail still goes; a mail SES throttled past the SDK's retries keeps
// no one else from theirs, and the job then fails on it so that its next attempt sends it, nobody twice.
import { describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import type { Deps } from '../../functions/adapters/deps.ts';
import type { JobRequest } from '../../functions/adapters/job-queue.ts';
import { runJob } from '../../functions/jobs/handler.ts';
import { keys } from '../../functions/store/keys.ts';
import { mailsByAddress } from '../support/outbox.ts';
import { call } from './support/call.ts';
import { depsWithFault } from './support/faulty-deps.ts';
import { useTestStack } from './support/test-stack.ts';

const given = useTestStack();

/** An announcement posted without mail; its mailing job, as the post with mail would queue it. */
async function announcement(title: string, jobId: number): Promise<JobRequest> {
  const coach = await given.api.signIn('coach');
  const posted = await call(given.api, contracts.addAnnouncement, { title, body: 'Snacks.', sendEmail: false }, coach);
  expect(posted.status).toBe(201);
  const payload = { clientId: 2, announcementId: posted.body.id };
  return { jobId, type: 'MailAnnouncement', clientId: 2, actorId: 2, payload };
}

/** How many of the announcement's mails each address received. */
const mailsOf = (title: string) => mailsByAddress(given.stack.outboxDir, new RegExp(`^Subject: .*${title}`, 'm'));

describe('mails under AWS’s faults', () => {
  it('a mail whose claim’s put timed out after it was made is still sent, once', async () => {
    const job = await announcement('Claims lost in transit', 5951);
    const claimPK = keys.announcementMail(2, Number(job.payload.announcementId), 0).PK;
    const deps = depsWithFault(
      given.stack,
      (command) => command.input.Item?.PK === claimPK && command.input.ConditionExpression !== undefined,
      'timeoutAfterWrite',
    );
    expect(await runJob(deps, job)).toBe('succeeded');
    const mailed = mailsOf('Claims lost in transit');
    expect(mailed.size).toBeGreaterThan(10);
    expect([...mailed.values()].every((count) => count === 1)).toBe(true);
  });

  it('a mail SES throttles past the SDK’s retries fails the job after the others, and its next attempt sends it', async () => {
    const job = await announcement('Throttled once', 5952);
    let throttled: string | undefined;
    const mailer: Deps['mailer'] = {
      send: async (mail) => {
        if (throttled !== undefined) return given.stack.deps.mailer.send(mail);
        throttled = mail.to;
        throw Object.assign(new Error('Maximum sending rate exceeded.'), {
          name: 'TooManyRequestsException',
          $metadata: { httpStatusCode: 429 },
        });
      },
    };
    await expect(runJob({ ...given.stack.deps, mailer }, job)).rejects.toMatchObject({
      name: 'TooManyRequestsException',
    });
    const before = mailsOf('Throttled once');
    expect(before.has(throttled!)).toBe(false);
    expect(before.size).toBeGreaterThan(10);
    expect(await runJob(given.stack.deps, job)).toBe('succeeded');
    const after = mailsOf('Throttled once');
    expect(after.get(throttled!)).toBe(1);
    expect(after.size).toBe(before.size + 1);
    expect([...after.values()].every((count) => count === 1)).toBe(true);
  });
});
