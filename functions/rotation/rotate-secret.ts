// Secrets Manager's rotation of our own random secrets (the JWT signing key, the origin-verify header value), in its
// four steps: a new value staged AWSPENDING, put in place where a copy lives outside Secrets Manager (CloudFront's
// origin header), then made AWSCURRENT, which leaves the old one AWSPREVIOUS. Their readers accept the previous value
// (and the origin guard the pending one), so nothing is refused while the new one spreads.
import { randomBytes } from 'node:crypto';
import {
  DescribeSecretCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
  UpdateSecretVersionStageCommand,
} from '@aws-sdk/client-secrets-manager';
import { CloudFrontClient } from '@aws-sdk/client-cloudfront';
import { logger } from '../adapters/logger.ts';
import { cloudFrontOriginHeader } from './origin-header.ts';

export interface RotationEvent {
  SecretId: string;
  ClientRequestToken: string;
  Step: 'createSecret' | 'setSecret' | 'testSecret' | 'finishSecret';
}

export interface RotationDeps {
  secrets: Pick<SecretsManagerClient, 'send'>;
  /** Where a copy of the value lives outside Secrets Manager, if anywhere. */
  putInPlace?: (value: string) => Promise<void>;
}

/** 384 random bits, in characters every header and key accepts. */
export const newSecretValue = () => randomBytes(48).toString('base64url');

const pendingValue = async ({ secrets }: RotationDeps, { SecretId, ClientRequestToken }: RotationEvent) =>
  (
    await secrets.send(
      new GetSecretValueCommand({ SecretId, VersionId: ClientRequestToken, VersionStage: 'AWSPENDING' }),
    )
  ).SecretString!;

/** One step of a rotation; each may run again (Secrets Manager retries), and does nothing twice. */
export async function rotateSecret(event: RotationEvent, deps: RotationDeps): Promise<void> {
  const { SecretId, ClientRequestToken: token, Step } = event;
  const described = await deps.secrets.send(new DescribeSecretCommand({ SecretId }));
  const versions = described.VersionIdsToStages ?? {};
  const stages = versions[token];
  if (!stages) throw new Error(`Secret ${SecretId} has no version ${token} to rotate to`);
  if (stages.includes('AWSCURRENT')) return;
  if (!stages.includes('AWSPENDING')) throw new Error(`Version ${token} of ${SecretId} is not pending`);

  if (Step === 'createSecret') {
    // Only a pending value not made yet is put; any other failure (access, throttling) fails the step to be retried.
    const made = await pendingValue(deps, event).catch((error: Error) => {
      if (error.name === 'ResourceNotFoundException') return undefined;
      throw error;
    });
    if (made === undefined)
      await deps.secrets.send(
        new PutSecretValueCommand({
          SecretId,
          ClientRequestToken: token,
          SecretString: newSecretValue(),
          VersionStages: ['AWSPENDING'],
        }),
      );
  } else if (Step === 'setSecret') {
    await deps.putInPlace?.(await pendingValue(deps, event));
  } else if (Step === 'finishSecret') {
    const current = Object.keys(versions).find((id) => versions[id]!.includes('AWSCURRENT'));
    await deps.secrets.send(
      new UpdateSecretVersionStageCommand({
        SecretId,
        VersionStage: 'AWSCURRENT',
        MoveToVersionId: token,
        RemoveFromVersionId: current,
      }),
    );
  }
  logger.info('rotation step done', { secretId: SecretId, step: Step });
}

const { DISTRIBUTION_ID: distributionId, ORIGIN_HEADER: originHeader } = process.env;
const deps: RotationDeps = {
  secrets: new SecretsManagerClient({}),
  putInPlace:
    distributionId && originHeader
      ? cloudFrontOriginHeader(new CloudFrontClient({}), distributionId, originHeader)
      : undefined,
};

export const handler = (event: RotationEvent) => rotateSecret(event, deps);
