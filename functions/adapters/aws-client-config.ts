// An AWS SDK client's region, endpoint and credentials, read from the settings handed to the code rather than from
// the process: a Lambda is handed its environment; the local stack hands each of its stacks settings of its own.
import type { Settings } from './settings.ts';

/** The services whose endpoint may be set (AWS_ENDPOINT_URL_<SERVICE>, the SDK's own convention). */
export type AwsService = 'DYNAMODB' | 'LAMBDA' | 'SESV2' | 'SECRETS_MANAGER' | 'SCHEDULER';

/** What the SDK would read from a Lambda's environment itself, read from the settings instead. */
export function awsClientConfig(settings: Settings, service: AwsService) {
  const endpoint = settings[`AWS_ENDPOINT_URL_${service}`];
  const {
    AWS_REGION: region,
    AWS_ACCESS_KEY_ID: accessKeyId,
    AWS_SECRET_ACCESS_KEY: secretAccessKey,
    AWS_SESSION_TOKEN: sessionToken,
  } = settings;
  return {
    ...(region && { region }),
    ...(endpoint && { endpoint }),
    ...(accessKeyId &&
      secretAccessKey && { credentials: { accessKeyId, secretAccessKey, ...(sessionToken && { sessionToken }) } }),
  };
}
