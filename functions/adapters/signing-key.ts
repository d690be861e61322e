// The JWT signing key comes from Secrets Manager (JWT_SECRET_ARN); locally
// AWS_ENDPOINT_URL_SECRETS_MANAGER points at the runtime, which keeps the key under .data/.
import { GetSecretValueCommand, type SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

/** Fetched on first use only: functions that never sign or verify tokens need no secret. */
export function secretsManagerKey(
  client: SecretsManagerClient,
  secretId: string | undefined,
): () => Promise<Uint8Array> {
  let key: Promise<Uint8Array> | undefined;
  return () => {
    if (!secretId) return Promise.reject(new Error('JWT_SECRET_ARN is not set'));
    key ??= client.send(new GetSecretValueCommand({ SecretId: secretId })).then((answer) => {
      if (!answer.SecretString) throw new Error(`Secret ${secretId} has no string value`);
      return new TextEncoder().encode(answer.SecretString);
    });
    key.catch(() => (key = undefined));
    return key;
  };
}
