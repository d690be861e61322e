// Contact Admin (docs/rules.md, Contact Admin): a member writes to their own client's company administrators, who
// read the messages in the app and are mailed each one once; a sender sends at most five an hour. Only the caller's
// own client is ever read or written: no request names a client.
import { waitText } from '#domain/auth/sign-in-throttle.ts';
import type { AdminMessageRow } from '#domain/contracts/support.ts';
import { TooManyRequestsError } from '#domain/errors.ts';
import { type AdminMessage, messageLimits } from '#domain/tenancy/admin-messages.ts';
import {
  addAdminMessage,
  adminMessagePage,
  getAdminMessage,
  releaseSendSlot,
  takeSendSlot,
} from '../../store/admin-messages.ts';
import { administratorIds } from '../../store/administrators.ts';
import type { RouteImpl } from '../area-api.ts';
import { queueNewJob } from '../imports/jobs.ts';
import { reply } from '../json-answer.ts';

const row = ({ clientId: _clientId, ...message }: AdminMessage): AdminMessageRow => message;

export const contactAdmin: RouteImpl<'contactAdmin'> = async ({ input, caller }, deps) => {
  const { user, client } = caller;
  // A site without an address for the mails' links refuses before anything is counted or stored.
  deps.siteUrl(client.domain);
  const now = deps.clock.now();
  // Drawn before the send is counted: an id that fails leaves nothing to give back. Asked again under its request key
  // after the message was stored (a fault past it), the same id finds it: stored and counted once.
  const id = await deps.ids.next('adminMessage');
  if (!(await getAdminMessage(deps, client.id, id))) {
    const slot = await takeSendSlot(deps, user, now);
    if (slot.wait !== undefined)
      throw new TooManyRequestsError(
        `You have sent ${messageLimits.perHour} messages to your administrators in the last hour; try again in ${waitText(slot.wait)}`,
        slot.wait,
        'TOO_MANY_MESSAGES',
      );
    try {
      await addAdminMessage(deps, {
        id,
        clientId: client.id,
        issue: input.issue,
        message: input.message,
        createdAt: now.toISOString(),
        senderId: user.id,
        senderLogin: user.login,
        senderName: user.displayName || user.login,
        senderEmail: user.emailAddress,
      });
    } catch (error) {
      // Not stored, not sent: the send does not count against the hour.
      await releaseSendSlot(deps, user, now);
      throw error;
    }
  }

  // The message is stored; its mails are a job's. A job not queued fails the request, which asked again under its key
  // finds the message stored and queues the job (its mails go once to each administrator, however often it runs).
  const administrators = await administratorIds(deps, client.id);
  if (administrators.some((adminId) => adminId !== user.id))
    await queueNewJob(deps, caller, 'MailAdminMessage', { messageId: id });
  const text = administrators.length
    ? 'Your message was sent.'
    : 'Your message was saved, but your pool has no administrator yet: the first one will read it.';
  return reply(201, { id, message: text });
};

export const adminMessageList: RouteImpl<'adminMessageList'> = async ({ input, caller }, deps) => {
  const { messages, more } = await adminMessagePage(deps, caller.client.id, {
    limit: input.limit,
    before: input.cursor === undefined ? undefined : Number(input.cursor),
  });
  const last = messages.at(-1);
  return { data: messages.map(row), cursor: more && last ? String(last.id) : null };
};
