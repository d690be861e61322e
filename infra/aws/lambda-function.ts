import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration, Stack } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Alias, Architecture, type ILayerVersion, LayerVersion, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type NodejsFunctionProps } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { externalModules, powertoolsLayerVersion } from './bundling.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The name of the alias every caller (API Gateway, the stream, the Scheduler, other functions) invokes. */
export const liveAliasName = 'live';
/** How long function and access logs are kept. */
export const logRetention = RetentionDays.ONE_MONTH;

/** The Powertools layer, which carries the Tracer the bundles leave out (infra/aws/bundling.ts). */
export function powertoolsLayer(scope: Construct): ILayerVersion {
  const stack = Stack.of(scope);
  const version = (scope.node.tryGetContext('powertoolsLayerVersion') as string | undefined) ?? powertoolsLayerVersion;
  return LayerVersion.fromLayerVersionArn(
    scope,
    'powertoolsLayer',
    `arn:${stack.partition}:lambda:${stack.region}:094274105915:layer:AWSLambdaPowertoolsTypeScriptV2:${version}`,
  );
}

/** Each application function's entry, relative to the project root (the bundle-size test bundles every one). */
const entries = new WeakMap<NodejsFunction, string>();
export const functionEntry = (fn: NodejsFunction) => entries.get(fn);

export interface PickemFunctionProps extends Partial<NodejsFunctionProps> {
  entry: string;
  layer: ILayerVersion;
  /** False for a function no caller reaches through `live` and CodeDeploy does not shift (the deploy hook). */
  live?: boolean;
}

/**
 * One application Lambda: an ESM bundle on Node 24 arm64, X-Ray active, its (Powertools JSON) logs in its own log group with
 * retention, published as a version behind the `live` alias that CodeDeploy shifts (infra/aws/deploys.ts).
 */
export function pickemFunction(
  scope: Construct,
  id: string,
  { entry, layer, live = true, ...props }: PickemFunctionProps,
) {
  const logGroup = new LogGroup(scope, `${id}Logs`, { retention: logRetention });
  const fn = new NodejsFunction(scope, id, {
    entry: join(root, entry),
    projectRoot: root,
    depsLockFilePath: join(root, 'package-lock.json'),
    runtime: Runtime.NODEJS_24_X,
    architecture: Architecture.ARM_64,
    memorySize: 512,
    timeout: Duration.seconds(15),
    tracing: Tracing.ACTIVE,
    layers: [layer],
    logGroup,
    role: ownLogsRole(scope, `${id}Role`, logGroup),
    bundling: {
      format: OutputFormat.ESM,
      mainFields: ['module', 'main'],
      // CommonJS dependencies bundled into an ESM file still call require().
      banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
      externalModules,
      sourceMap: true,
      minify: true,
      target: 'node24',
    },
    ...props,
    environment: { POWERTOOLS_SERVICE_NAME: id, ...props.environment },
  });
  entries.set(fn, entry);
  if (!live) return fn;
  // Asynchronous calls go to the alias, so its retries are the ones that count.
  const { retryAttempts } = props;
  new Alias(fn, liveAliasName, {
    aliasName: liveAliasName,
    version: fn.currentVersion,
    ...(retryAttempts === undefined ? {} : { retryAttempts }),
  });
  return fn;
}

/**
 * A function's role that may write its own log group and no other (AWS's managed basic execution role writes any);
 * the function's grants add the rest.
 */
function ownLogsRole(scope: Construct, id: string, logGroup: LogGroup) {
  const role = new Role(scope, id, { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
  logGroup.grantWrite(role);
  return role;
}

/** The function's `live` alias. */
export const liveAlias = (fn: NodejsFunction) => fn.node.findChild(liveAliasName) as Alias;
