// SES v2's authorization: SendEmail on the sender's identity, with its address and recipients as condition keys.
import {
  type AuthorizationRequest,
  type AwsRequest,
  jsonBody,
  type RequestOptions,
  unknownOperation,
  urlOf,
} from './signed-request.ts';

/** `Name <address>` or a bare address. */
function mailbox(text: string) {
  const match = /^\s*(?:"?([^"<]*?)"?\s*)<([^>]+)>\s*$/.exec(text);
  return match
    ? { address: match[2]!.trim(), displayName: match[1]!.trim() }
    : { address: text.trim(), displayName: '' };
}

interface SendEmailBody {
  FromEmailAddress?: string;
  FromEmailAddressIdentityArn?: string;
  Destination?: { ToAddresses?: string[]; CcAddresses?: string[]; BccAddresses?: string[] };
}

export function sesRequests(request: AwsRequest, options: RequestOptions): AuthorizationRequest[] {
  const { pathname } = urlOf(request);
  if (request.method !== 'POST' || pathname !== '/v2/email/outbound-emails')
    throw unknownOperation('ses', `${request.method} ${pathname}`);
  const body = jsonBody(request) as SendEmailBody;
  if (!body.FromEmailAddress) throw new Error('The IAM proxy needs the FromEmailAddress of a SendEmail');
  const from = mailbox(body.FromEmailAddress);
  const domain = from.address.slice(from.address.lastIndexOf('@') + 1);
  const { ToAddresses = [], CcAddresses = [], BccAddresses = [] } = body.Destination ?? {};
  return [
    {
      action: 'ses:SendEmail',
      resource:
        body.FromEmailAddressIdentityArn ?? `arn:aws:ses:${options.region}:${options.account}:identity/${domain}`,
      context: {
        'ses:ApiVersion': '2',
        'ses:FromAddress': from.address,
        ...(from.displayName && { 'ses:FromDisplayName': from.displayName }),
        'ses:Recipients': [...ToAddresses, ...CcAddresses, ...BccAddresses].map((to) => mailbox(to).address),
      },
    },
  ];
}
