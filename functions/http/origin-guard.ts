// In AWS the API's own endpoint is public (CloudFront needs it as its origin), so CloudFront adds a secret
// header to every /Services request and the area Lambdas refuse any request without it: the API is
// reachable only through the site, with its security headers and tenant hosts. The value is read at run time from
// the secret ORIGIN_VERIFY_SECRET_ARN names, which rotates (functions/rotation/); locally it is unset.
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { createHash, timingSafeEqual } from 'node:crypto';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { type SecretVersions, secretsManagerVersions } from '../adapters/secret-versions.ts';
import { json } from './json-answer.ts';

export const originVerifyHeader = 'x-origin-verify';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The origin secret the environment names, if any (only behind CloudFront). */
export const originSecretFromEnv = (env: NodeJS.ProcessEnv = process.env): SecretVersions | undefined =>
  env.ORIGIN_VERIFY_SECRET_ARN
    ? secretsManagerVersions(new SecretsManagerClient({}), env.ORIGIN_VERIFY_SECRET_ARN)
    : undefined;

/**
 * True when no origin secret is configured, or the request carries one of its staged values: the current one, the
 * pending one a rotation has already given CloudFront, or the previous one CloudFront's edges may still send.
 */
export async function cameThroughOrigin(
  headers: Record<string, string | undefined>,
  secret: SecretVersions | undefined,
): Promise<boolean> {
  if (!secret) return true;
  const sent = Object.entries(headers).find(([name]) => name.toLowerCase() === originVerifyHeader)?.[1];
  if (sent === undefined) return false;
  const sentDigest = digest(sent);
  return (await secret.find((staged) => timingSafeEqual(sentDigest, digest(staged.value)))) !== undefined;
}

export function originGuard(
  secret = originSecretFromEnv(),
): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> {
  return {
    before: async ({ event }) => {
      if (await cameThroughOrigin(event.headers ?? {}, secret)) return;
      return json(403, { error: 'This API answers only through the site', code: 'NOT_THROUGH_SITE' });
    },
  };
}
