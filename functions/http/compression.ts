import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { gzipSync } from 'node:zlib';

/** Whether an Accept-Encoding header lets us send gzip: named with q > 0, or unnamed and `*` with q > 0. */
export function acceptsGzip(header: string | undefined): boolean {
  const quality = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [coding = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.map((param) => /^q\s*=\s*([\d.]+)$/.exec(param)?.[1]).find((value) => value !== undefined);
    if (coding) quality.set(coding, q === undefined ? 1 : Number(q));
  }
  return (quality.get('gzip') ?? quality.get('*') ?? 0) > 0;
}

/**
 * Answers over 1 kB go gzipped to callers that accept it (every browser does): a team map of base64
 * logos shrinks several times. (middy's content-encoding middleware needs Node 22.)
 */
export function compressed(
  answer: APIGatewayProxyStructuredResultV2,
  acceptEncoding: string | undefined,
): APIGatewayProxyStructuredResultV2 {
  if (typeof answer.body !== 'string' || answer.body.length < 1024) return answer;
  const headers = { ...answer.headers, vary: 'accept-encoding' };
  if (!acceptsGzip(acceptEncoding)) return { ...answer, headers };
  return {
    ...answer,
    headers: { ...headers, 'content-encoding': 'gzip' },
    body: gzipSync(answer.body).toString('base64'),
    isBase64Encoded: true,
  };
}
