// CloudFront's distribution configuration as the origin-verify rotation uses it (GetDistributionConfig, then
// UpdateDistribution with its ETag, in CloudFront's REST-XML), for the artifact lane: the lane's front sends the
// header value the distribution holds, as CloudFront does, so a rotation that writes a wrong value locks the API out
// here as it would on AWS.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Origin {
  id: string;
  domainName: string;
  headers: Record<string, string>;
}

const xmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const unescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
const list = (name: string, items: string[]) =>
  `<${name}><Quantity>${items.length}</Quantity>${items.length ? `<Items>${items.join('')}</Items>` : ''}</${name}>`;

function configXml(origins: Origin[]) {
  const originXml = origins.map(
    (origin) =>
      `<Origin><Id>${xmlEscape(origin.id)}</Id><DomainName>${xmlEscape(origin.domainName)}</DomainName>${list(
        'CustomHeaders',
        Object.entries(origin.headers).map(
          ([name, value]) =>
            `<OriginCustomHeader><HeaderName>${xmlEscape(name)}</HeaderName><HeaderValue>${xmlEscape(value)}</HeaderValue></OriginCustomHeader>`,
        ),
      )}</Origin>`,
  );
  return `<CallerReference>artifact-lane</CallerReference>${list('Origins', originXml)}<Comment></Comment><Enabled>true</Enabled>`;
}

/** The origins' custom headers of a DistributionConfig document, by origin id. */
function originsOf(xml: string): Map<string, Record<string, string>> {
  const origins = new Map<string, Record<string, string>>();
  for (const [, origin] of xml.matchAll(/<Origin>([\s\S]*?)<\/Origin>/g)) {
    const id = unescape(/<Id>([\s\S]*?)<\/Id>/.exec(origin!)?.[1] ?? '');
    const headers: Record<string, string> = {};
    for (const [, name, value] of origin!.matchAll(
      /<HeaderName>([\s\S]*?)<\/HeaderName>\s*<HeaderValue>([\s\S]*?)<\/HeaderValue>/g,
    ))
      headers[unescape(name!)] = unescape(value!);
    origins.set(id, headers);
  }
  return origins;
}

export async function startCloudFrontEmulator(distributionId: string, initial: Origin[]) {
  const origins = initial.map((origin) => ({ ...origin, headers: { ...origin.headers } }));
  let version = 1;
  const etag = () => `E${version}LANE`;
  const namespace = 'xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/"';
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const match = /^\/2020-05-31\/distribution\/([^/]+)\/config$/.exec(req.url ?? '');
    const send = (status: number, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'text/xml', ...headers });
      res.end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
    };
    const error = (status: number, code: string, message: string) =>
      send(
        status,
        `<ErrorResponse ${namespace}><Error><Type>Sender</Type><Code>${code}</Code><Message>${message}</Message></Error></ErrorResponse>`,
      );
    if (!match || decodeURIComponent(match[1]!) !== distributionId)
      return error(404, 'NoSuchDistribution', 'The specified distribution does not exist.');
    if (req.method === 'GET')
      return send(200, `<DistributionConfig ${namespace}>${configXml(origins)}</DistributionConfig>`, { etag: etag() });
    if (req.method !== 'PUT') return error(400, 'InvalidArgument', `${req.method} is not answered here`);
    if (req.headers['if-match'] !== etag())
      return error(412, 'PreconditionFailed', 'The If-Match version is missing or not valid for the resource.');
    for (const [id, headers] of originsOf(Buffer.concat(chunks).toString('utf8'))) {
      const origin = origins.find((candidate) => candidate.id === id);
      if (origin) origin.headers = headers;
    }
    version += 1;
    send(
      200,
      `<Distribution ${namespace}><Id>${xmlEscape(distributionId)}</Id><Status>InProgress</Status><DistributionConfig>${configXml(origins)}</DistributionConfig></Distribution>`,
      { etag: etag() },
    );
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** The custom headers the distribution sends to the origin at this domain. */
    headersFor: (domainName: string) => origins.find((origin) => origin.domainName === domainName)?.headers ?? {},
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
