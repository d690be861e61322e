// The Odds API key: ODDS_API_KEY where it is given directly (locally), else the Secrets Manager secret named
// by ODDS_API_KEY_SECRET_ARN (in AWS), read once on first use.
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { FeedError } from '../port.ts';
import { awsClientConfig } from '../../adapters/aws-client-config.ts';
import type { Settings } from '../../adapters/settings.ts';

export function oddsApiKeyFromEnv(
  env: Settings,
  client: () => Pick<SecretsManagerClient, 'send'> = () =>
    new SecretsManagerClient(awsClientConfig(env, 'SECRETS_MANAGER')),
): () => Promise<string> {
  let key: Promise<string> | undefined;
  return () => {
    if (env.ODDS_API_KEY) return Promise.resolve(env.ODDS_API_KEY);
    const secretId = env.ODDS_API_KEY_SECRET_ARN;
    if (!secretId)
      return Promise.reject(new FeedError('The Odds API key is missing: set ODDS_API_KEY or ODDS_API_KEY_SECRET_ARN'));
    key ??= client()
      .send(new GetSecretValueCommand({ SecretId: secretId }))
      .then((answer) => {
        if (!answer.SecretString) throw new FeedError(`The Odds API key secret ${secretId} has no string value`);
        return answer.SecretString.trim();
      });
    key.catch(() => (key = undefined));
    return key;
  };
}
