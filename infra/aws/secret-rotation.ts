import { Duration } from 'aws-cdk-lib';
import type { ILayerVersion } from 'aws-cdk-lib/aws-lambda';
import { type ISecret, RotationSchedule } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { pickemFunction } from './lambda-function.ts';

/**
 * How often our own random secrets rotate: longer than a token lives (12 h, or 28 days remembered: functions/adapters/
 * tokens.ts) by more than the day's window a rotation may start in, so a token outlives one key at most.
 */
export const rotationDays = 30;

/** The rotation function of one of our random secrets (functions/rotation/rotate-secret.ts), and its schedule. */
export function rotateEvery(
  scope: Construct,
  id: string,
  { secret, layer, environment = {} }: { secret: ISecret; layer: ILayerVersion; environment?: Record<string, string> },
) {
  const rotation = pickemFunction(scope, id, {
    entry: 'functions/rotation/rotate-secret.ts',
    layer,
    live: false,
    timeout: Duration.seconds(30),
    environment,
  });
  new RotationSchedule(scope, `${id}Schedule`, {
    secret,
    rotationLambda: rotation,
    automaticallyAfter: Duration.days(rotationDays),
  });
  return rotation;
}
