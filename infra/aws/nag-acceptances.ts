// What cdk-nag's AwsSolutions and Serverless packs find in the app and we accept, each finding on the resources it
// applies to, with why (tests/infra/nag.test.ts fails on any other finding, and on an acceptance nothing needs).
import { DefaultStackSynthesizer, Stack, Validations } from 'aws-cdk-lib';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IConstruct } from 'constructs';
import type { ApiStack } from './api-stack.ts';
import type { DataStack } from './data-stack.ts';
import type { WebStack } from './web-stack.ts';

export interface PickemStacks {
  data: DataStack;
  api: ApiStack;
  web: WebStack;
}

interface Acceptance {
  id: string;
  reason: string;
}

/** Accepts the findings on scope and everything under it. */
const accept = (scope: IConstruct, ...acceptances: Acceptance[]) => Validations.of(scope).acknowledge(...acceptances);

interface Intrinsic {
  Ref?: string;
  'Fn::GetAtt'?: string[];
  'Fn::ImportValue'?: unknown;
  'Fn::Join'?: [string, unknown[]];
}

/** A value as cdk-nag spells it in a finding: a reference as <LogicalId.Attribute> or <Ref>, an import by name. */
function nagText(stack: Stack, value: string): string {
  const visit = (node: unknown): string => {
    if (typeof node === 'string') return node;
    const intrinsic = node as Intrinsic;
    if (intrinsic['Fn::Join']) return intrinsic['Fn::Join'][1].map(visit).join(intrinsic['Fn::Join'][0]);
    if (intrinsic['Fn::GetAtt']) return `<${intrinsic['Fn::GetAtt'].join('.')}>`;
    if (intrinsic['Fn::ImportValue']) return visit(intrinsic['Fn::ImportValue']);
    if (intrinsic.Ref) return `<${intrinsic.Ref}>`;
    return JSON.stringify(node);
  };
  return visit(stack.resolve(value));
}

const wildcardResource = (stack: Stack, arn: string) => `AwsSolutions-IAM5[Resource::${nagText(stack, arn)}]`;
const awsManagedPolicy = (name: string) => `AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/${name}]`;

/** Every function of ours (infra/aws/lambda-function.ts) in a stack. */
const ourFunctions = (stack: Stack) => stack.node.findAll().filter((c) => c instanceof NodejsFunction);

/** A table's indexes, as a grant in the API stack names them: through the data stack's export of its ARN. */
const indexesOf = (data: DataStack, table: ITable) => `${data.exportValue(table.tableArn)}/index/*`;

export function acceptNagFindings({ data, api, web }: PickemStacks) {
  for (const stack of [api, web])
    for (const fn of ourFunctions(stack))
      accept(fn.role!, {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          "Only actions IAM gives no resource for: every function's X-Ray trace upload, and the processes function's " +
          "ListSchedules, the projector's stream ListStreams, a rotation's GetRandomPassword (a test holds it so).",
      });
  acceptFunctionsWithoutQueue(api, web);
  acceptApi(data, api);
  acceptDeploys(api);
  acceptWeb(web);
}

/** Functions whose caller sees a failed invocation and acts on it need no dead-letter queue of their own. */
function acceptFunctionsWithoutQueue(api: ApiStack, web: WebStack) {
  const noQueue = (fn: IConstruct, reason: string) => accept(fn, { id: 'Serverless-LambdaDLQ', reason });
  for (const fn of Object.values(api.areaFunctions))
    noQueue(fn, 'Invoked synchronously by API Gateway (processes also by the deploy trigger), which sees the error.');
  noQueue(
    api.deploys.preTrafficHook,
    'CodeDeploy waits for the hook to report, and fails and rolls back the deploy when it does not.',
  );
  const rotation = 'Secrets Manager sees a failed rotation step and retries it; the secret keeps its current value.';
  noQueue(api.jwtRotation, rotation);
  noQueue(web.node.findChild('originVerifyRotation'), rotation);
  noQueue(
    api.projector,
    "Invoked by the events stream, whose failed batches go to the stream source's on-failure queue.",
  );
}

function acceptApi(data: DataStack, api: ApiStack) {
  accept(api.api, {
    id: 'AwsSolutions-APIG4',
    reason:
      'Each route is authorized in its Lambda before any handler runs: the contract names its access (public, signed ' +
      "in, a permission) and the area's middleware checks the JWT, the tenant and the permission " +
      '(functions/http/area-api.ts). Sign-in, sign-up and the password link are public by nature, and throttled.',
  });
  accept(api.jobs, {
    id: 'Serverless-LambdaAsyncFailureDestination',
    reason: "The jobs function's failed asynchronous invocations go to its dead-letter queue, which is alarmed.",
  });
  for (const queue of Object.values(api.deadLetterQueues))
    accept(queue, { id: 'Serverless-SQSRedrivePolicy', reason: 'A dead-letter queue itself, alarmed when not empty.' });
  accept(api.deadLetterQueues.projector, {
    id: 'AwsSolutions-SQS3',
    reason: "The events stream's on-failure destination: a dead-letter queue.",
  });
  accept(api.oddsApiKey, {
    id: 'AwsSolutions-SMG4',
    reason: "The Odds API key is the provider's, rotated by the operator at the provider.",
  });
  accept(api.vapidKeys, {
    id: 'AwsSolutions-SMG4',
    reason: "The VAPID key pair cannot rotate: every browser's push subscription was made with its public key.",
  });
  accept(api.originSecret, {
    id: 'AwsSolutions-SMG4',
    reason:
      'The origin-verify value rotates in the web stack, beside the distribution whose copy the rotation rewrites.',
  });
  const { state, views } = data.tables;
  const { health, admin, bets, leaderboard, users, ...others } = api.areaFunctions;
  const indexQueries = (table: ITable, readers: NodejsFunction[]) => {
    for (const reader of readers)
      accept(reader.role!, {
        id: wildcardResource(api, indexesOf(data, table)),
        reason: "Queries on the table's own indexes: IAM names an index as table/index/name.",
      });
  };
  indexQueries(state, [...Object.values(others), admin, bets, leaderboard, users, api.projector, api.jobs]);
  indexQueries(views, [admin, bets, leaderboard, users, api.projector, api.jobs]);
  accept(api.areaFunctions.processes.role!, {
    id: wildcardResource(
      api,
      api.formatArn({ service: 'scheduler', resource: 'schedule', resourceName: `${api.scheduleGroup.name}/*` }),
    ),
    reason: "The processes function manages the schedules of the stack's own group, named by administrators.",
  });
}

function acceptDeploys(api: ApiStack) {
  const { application, groups, preTrafficHook } = api.deploys;
  for (const group of groups)
    accept(
      group,
      {
        id: awsManagedPolicy('service-role/AWSCodeDeployRoleForLambdaLimited'),
        reason: "CodeDeploy's role for shifting a Lambda alias: the policy AWS keeps for exactly that.",
      },
      {
        id: wildcardResource(api, `${preTrafficHook.functionArn}:*`),
        reason: 'CodeDeploy invokes the deploy hook by version.',
      },
    );
  accept(preTrafficHook.role!, {
    id: wildcardResource(
      api,
      `arn:${api.partition}:codedeploy:${api.region}:${api.account}:deploymentgroup:${application.applicationName}/*`,
    ),
    reason:
      "The hook reports to whichever of the application's deployment groups ran it; naming each group would close " +
      'a loop of references CloudFormation refuses (infra/aws/deploys.ts).',
  });
}

function acceptWeb(web: WebStack) {
  accept(web.distribution, {
    id: 'AwsSolutions-CFR1',
    reason: "A pool's players are wherever they travel: no country is refused.",
  });
  if (!web.node.tryFindChild('certificate'))
    accept(web.distribution, {
      id: 'AwsSolutions-CFR4',
      reason:
        "With CloudFront's default certificate (*.cloudfront.net) the protocol floor is CloudFront's; with a domain " +
        'of our own the distribution takes TLSv1.2_2021.',
    });
  acceptSiteDeployment(web);
}

/** CDK's own function that copies the built site into its bucket (BucketDeployment): CDK sets its role and runtime. */
function acceptSiteDeployment(web: WebStack) {
  const handler = web.node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
  if (!handler) return;
  const site = web.node.findChild('site') as IBucket;
  const qualifier =
    (web.synthesizer as DefaultStackSynthesizer).bootstrapQualifier ?? DefaultStackSynthesizer.DEFAULT_QUALIFIER;
  const assets = `arn:${web.partition}:s3:::cdk-${qualifier}-assets-${web.account}-${web.region}/*`;
  const cdkSets = (id: string, what: string) => ({ id, reason: `CDK's site deployment function: ${what}.` });
  accept(
    handler,
    cdkSets(awsManagedPolicy('service-role/AWSLambdaBasicExecutionRole'), 'CDK gives its role the basic logs policy'),
    ...['s3:Abort*', 's3:DeleteObject*', 's3:GetBucket*', 's3:GetObject*', 's3:List*'].map((action) =>
      cdkSets(`AwsSolutions-IAM5[Action::${action}]`, "CDK's grant to read the assets and replace the site's files"),
    ),
    cdkSets(wildcardResource(web, site.arnForObjects('*')), "it writes the site's files"),
    cdkSets(wildcardResource(web, assets), 'it reads the built site from the bootstrap assets bucket'),
    cdkSets('AwsSolutions-IAM5[Resource::*]', "CloudFront's invalidation, which CDK grants on every distribution"),
    cdkSets('AwsSolutions-L1', 'CDK picks its runtime, updated with aws-cdk-lib'),
    cdkSets('Serverless-LambdaLatestVersion', 'CDK picks its runtime, updated with aws-cdk-lib'),
    cdkSets('Serverless-LambdaTracing', 'CDK does not trace it; it runs once per deploy'),
    cdkSets('Serverless-LambdaDLQ', 'CloudFormation invokes it and fails the deploy when it fails'),
  );
}
