// What a function's sandbox finds in its environment besides the template's: what Lambda sets in every sandbox (its
// region, its role's session credentials, its name and memory), the lane's IAM proxies as every AWS endpoint, and the
// lane's clock.
import { join } from 'node:path';
import type { LaneFunction } from './template.ts';

/** A function's access key in the lane: the proxies know the caller by it. */
export const accessKeyOf = (fn: LaneFunction) => `AKIA${fn.logicalId}`.slice(0, 64);

export interface EnvironmentOptions {
  region: string;
  workDir: string;
  /** The IAM proxy in front of each emulator. */
  proxies: Record<'dynamodb' | 'aws' | 'scheduler' | 'cloudFront', { endpoint: string }>;
  /** The functions' clock now (PICKEM_NOW). */
  now: Date;
}

export const sandboxEnvironment = (f: LaneFunction, { region, workDir, proxies, now }: EnvironmentOptions) => ({
  // What Lambda sets in every sandbox.
  AWS_REGION: region,
  AWS_DEFAULT_REGION: region,
  AWS_ACCESS_KEY_ID: accessKeyOf(f),
  AWS_SECRET_ACCESS_KEY: 'lane',
  AWS_SESSION_TOKEN: `session-of-${f.logicalId}`,
  AWS_LAMBDA_FUNCTION_NAME: f.name,
  AWS_LAMBDA_FUNCTION_VERSION: '1',
  AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(f.memoryMb),
  AWS_LAMBDA_LOG_GROUP_NAME: `/aws/lambda/${f.name}`,
  AWS_EXECUTION_ENV: `AWS_Lambda_${f.runtime}`,
  LAMBDA_TASK_ROOT: join(workDir, 'task-roots', f.logicalId),
  _HANDLER: f.handler,
  TZ: ':UTC',
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  // Where the lane has AWS: every endpoint is an IAM proxy in front of an emulator.
  AWS_ENDPOINT_URL_DYNAMODB: proxies.dynamodb.endpoint,
  AWS_ENDPOINT_URL_LAMBDA: proxies.aws.endpoint,
  AWS_ENDPOINT_URL_SESV2: proxies.aws.endpoint,
  AWS_ENDPOINT_URL_SECRETS_MANAGER: proxies.aws.endpoint,
  AWS_ENDPOINT_URL_CODEDEPLOY: proxies.aws.endpoint,
  AWS_ENDPOINT_URL_SCHEDULER: proxies.scheduler.endpoint,
  AWS_ENDPOINT_URL_CLOUDFRONT: proxies.cloudFront.endpoint,
  // The one thing the lane adds to a template's environment: the clock, so a game day is reproducible.
  PICKEM_NOW: now.toISOString(),
  POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
});
