// Outgoing mail through SES v2. Locally AWS_ENDPOINT_URL_SESV2 points at the runtime's outbox.
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';

export interface Mail {
  /** The same mail sent again (a retry after a crash) carries the same id; the outbox keeps one copy of it. */
  id?: string;
  to: string;
  subject: string;
  text: string;
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function sesMailer(client: SESv2Client, from: string): Mailer {
  return {
    async send({ id, to, subject, text }) {
      await client.send(
        new SendEmailCommand({
          ...(id ? { EmailTags: [{ Name: 'mailId', Value: id }] } : {}),
          FromEmailAddress: from,
          Destination: { ToAddresses: [to] },
          Content: { Simple: { Subject: { Data: subject }, Body: { Text: { Data: text } } } },
        }),
      );
    },
  };
}
