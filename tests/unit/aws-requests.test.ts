// The IAM authorizations the artifact lane's proxy evaluates for each AWS call the functions make
// (infra/artifact-lane/aws-requests.ts). Each request is the one a real SDK client signs for the command, taken
// from its request handler before anything is sent.
import { CloudFrontClient, GetDistributionConfigCommand, UpdateDistributionCommand } from '@aws-sdk/client-cloudfront';
import { CodeDeployClient, PutLifecycleEventHookExecutionStatusCommand } from '@aws-sdk/client-codedeploy';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import {
  CreateScheduleCommand,
  DeleteScheduleCommand,
  GetScheduleCommand,
  ListSchedulesCommand,
  SchedulerClient,
  UpdateScheduleCommand,
} from '@aws-sdk/client-scheduler';
import {
  CreateSecretCommand,
  DescribeSecretCommand,
  GetRandomPasswordCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
  UpdateSecretVersionStageCommand,
} from '@aws-sdk/client-secrets-manager';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactGetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import {
  type AwsRequest,
  authorizationRequests,
  credentialScope,
  type RequestOptions,
  tableKeys,
} from '../../infra/artifact-lane/aws-requests.ts';
import { localTableNames } from '../../functions/store/tables.ts';

const account = '123456789012';
const region = 'us-east-1';
const names = localTableNames();
const deploymentGroup = `arn:aws:codedeploy:${region}:${account}:deploymentgroup:pickem/jobs`;
const options: RequestOptions = {
  account,
  region,
  tables: tableKeys(names),
  deploymentGroupOf: (deploymentId) => (deploymentId === 'd-1' ? deploymentGroup : undefined),
};
const table = (name: string) => `arn:aws:dynamodb:${region}:${account}:table/${name}`;

/** What the SDK hands its request handler, signed. */
interface SignedRequest {
  method: string;
  path: string;
  query?: Record<string, string | string[] | null>;
  headers: Record<string, string>;
  body?: unknown;
}

class Captured extends Error {
  constructor(readonly request: AwsRequest) {
    super('captured before sending');
  }
}

const utf8 = new TextDecoder();
const capturing = {
  async handle(signed: SignedRequest): Promise<never> {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(signed.query ?? {}))
      for (const one of [value ?? ''].flat()) query.append(key, one);
    const body = typeof signed.body === 'string' ? signed.body : utf8.decode(signed.body as Uint8Array | undefined);
    const service = credentialScope(signed.headers.authorization)?.service ?? '';
    const path = query.size ? `${signed.path}?${query}` : signed.path;
    throw new Captured({ service, method: signed.method, path, headers: signed.headers, body });
  },
  updateHttpClientConfig: () => undefined,
  httpHandlerConfigs: () => ({}),
};
const config = {
  region,
  credentials: { accessKeyId: 'AKIDJOBS', secretAccessKey: 'secret' },
  requestHandler: capturing,
};

/** The request the client signs for the command. */
async function signed(send: () => Promise<unknown>): Promise<AwsRequest> {
  try {
    await send();
  } catch (error) {
    if (error instanceof Captured) return error.request;
    throw error;
  }
  throw new Error('The client sent nothing');
}

const authorized = async (send: () => Promise<unknown>) => authorizationRequests(await signed(send), options);

const documents = DynamoDBDocumentClient.from(new DynamoDBClient(config));
const lambda = new LambdaClient(config);
const ses = new SESv2Client(config);
const secrets = new SecretsManagerClient(config);
const scheduler = new SchedulerClient(config);
const codeDeploy = new CodeDeployClient(config);
const cloudFront = new CloudFrontClient(config);

describe('the signed caller', () => {
  it('is the access key id and signing name of the credential scope', async () => {
    const request = await signed(() => lambda.send(new InvokeCommand({ FunctionName: 'jobs' })));
    expect(credentialScope(String(request.headers.authorization))).toEqual({
      accessKeyId: 'AKIDJOBS',
      region,
      service: 'lambda',
    });
    expect(credentialScope(undefined)).toBeUndefined();
  });
});

describe('DynamoDB', () => {
  it('checks a single-item operation on the table, with the partition key of its Key or Item as LeadingKeys', async () => {
    const key = { PK: 'CLIENT#7', SK: 'USER#1' };
    const sends = [
      () => documents.send(new GetCommand({ TableName: names.state, Key: key, ConsistentRead: true })),
      () => documents.send(new PutCommand({ TableName: names.state, Item: { ...key, name: 'Ann' } })),
      () =>
        documents.send(
          new UpdateCommand({
            TableName: names.state,
            Key: key,
            UpdateExpression: 'SET #n = :n',
            ExpressionAttributeNames: { '#n': 'name' },
            ExpressionAttributeValues: { ':n': 'Bea' },
          }),
        ),
      () => documents.send(new DeleteCommand({ TableName: names.state, Key: key })),
    ];
    const actions = [];
    for (const send of sends) actions.push(...(await authorized(send)));
    expect(actions).toEqual(
      ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'].map((action) => ({
        action: `dynamodb:${action}`,
        resource: table(names.state),
        context: { 'dynamodb:LeadingKeys': ['CLIENT#7'] },
      })),
    );
  });

  it('reads a number partition key as its digits', async () => {
    const [put] = await authorized(() =>
      documents.send(new PutCommand({ TableName: names.events, Item: { PK: 'slip#4', SK: 12 } })),
    );
    expect(put?.context).toEqual({ 'dynamodb:LeadingKeys': ['slip#4'] });
  });

  it('checks a Query on the table with the partition its key condition names, through attribute names', async () => {
    const requests = await authorized(() =>
      documents.send(
        new QueryCommand({
          TableName: names.state,
          KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :sk)',
          ExpressionAttributeNames: { '#pk': 'PK', '#sk': 'SK' },
          ExpressionAttributeValues: { ':pk': 'CLIENT#7', ':sk': 'USER#' },
        }),
      ),
    );
    expect(requests).toEqual([
      { action: 'dynamodb:Query', resource: table(names.state), context: { 'dynamodb:LeadingKeys': ['CLIENT#7'] } },
    ]);
  });

  it('takes the partition key equality of a Query, not a sort key range or comparison', async () => {
    const [between] = await authorized(() =>
      documents.send(
        new QueryCommand({
          TableName: names.state,
          KeyConditionExpression: 'SK BETWEEN :first AND :last AND PK = :pk',
          ExpressionAttributeValues: { ':pk': 'ANNOUNCEMENTS', ':first': 'A', ':last': 'B' },
        }),
      ),
    );
    const [atLeast] = await authorized(() =>
      documents.send(
        new QueryCommand({
          TableName: names.state,
          KeyConditionExpression: ':pk = PK AND SK >= :from',
          ExpressionAttributeValues: { ':pk': 'CLIENT#3', ':from': 'X' },
        }),
      ),
    );
    expect([between?.context, atLeast?.context]).toEqual([
      { 'dynamodb:LeadingKeys': ['ANNOUNCEMENTS'] },
      { 'dynamodb:LeadingKeys': ['CLIENT#3'] },
    ]);
  });

  it("checks a Query on an index on the index's ARN, with the index's partition key value as LeadingKeys", async () => {
    const requests = await authorized(() =>
      documents.send(
        new QueryCommand({
          TableName: names.views,
          IndexName: 'GSI2',
          KeyConditionExpression: 'GSI2PK = :week',
          ExpressionAttributeValues: { ':week': 'WEEK#2026#3' },
        }),
      ),
    );
    expect(requests).toEqual([
      {
        action: 'dynamodb:Query',
        resource: `${table(names.views)}/index/GSI2`,
        context: { 'dynamodb:LeadingKeys': ['WEEK#2026#3'] },
      },
    ]);
  });

  it('refuses a Query whose key condition names no partition', async () => {
    await expect(
      authorized(() =>
        documents.send(
          new QueryCommand({
            TableName: names.state,
            KeyConditionExpression: 'SK = :sk',
            ExpressionAttributeValues: { ':sk': 'X' },
          }),
        ),
      ),
    ).rejects.toThrow(/partition key PK/);
  });

  it('checks a Scan on the table or index it reads, with no LeadingKeys', async () => {
    const [onTable] = await authorized(() => documents.send(new ScanCommand({ TableName: names.events })));
    const [onIndex] = await authorized(() =>
      documents.send(new ScanCommand({ TableName: names.views, IndexName: 'GSI4' })),
    );
    expect([onTable, onIndex]).toEqual([
      { action: 'dynamodb:Scan', resource: table(names.events), context: {} },
      { action: 'dynamodb:Scan', resource: `${table(names.views)}/index/GSI4`, context: {} },
    ]);
  });

  it('checks BatchGetItem once per table, with the partition of every key of that table', async () => {
    const requests = await authorized(() =>
      documents.send(
        new BatchGetCommand({
          RequestItems: {
            [names.state]: {
              Keys: [
                { PK: 'STAMP#1', SK: 'A' },
                { PK: 'CLIENT#1', SK: 'B' },
                { PK: 'STAMP#1', SK: 'C' },
              ],
              ConsistentRead: true,
            },
            [names.views]: { Keys: [{ PK: 'WEEK#1', SK: 'X' }] },
          },
        }),
      ),
    );
    expect(requests).toEqual([
      {
        action: 'dynamodb:BatchGetItem',
        resource: table(names.state),
        context: { 'dynamodb:LeadingKeys': ['STAMP#1', 'CLIENT#1'] },
      },
      {
        action: 'dynamodb:BatchGetItem',
        resource: table(names.views),
        context: { 'dynamodb:LeadingKeys': ['WEEK#1'] },
      },
    ]);
  });

  it('checks BatchWriteItem once per table, with the partitions of its puts and deletes', async () => {
    const requests = await authorized(() =>
      documents.send(
        new BatchWriteCommand({
          RequestItems: {
            [names.views]: [
              { PutRequest: { Item: { PK: 'WEEK#1', SK: 'A', points: 3 } } },
              { DeleteRequest: { Key: { PK: 'WEEK#2', SK: 'B' } } },
            ],
          },
        }),
      ),
    );
    expect(requests).toEqual([
      {
        action: 'dynamodb:BatchWriteItem',
        resource: table(names.views),
        context: { 'dynamodb:LeadingKeys': ['WEEK#1', 'WEEK#2'] },
      },
    ]);
  });

  it('checks each item of a TransactWriteItems across two tables as its own Put, Update, Delete or ConditionCheck', async () => {
    const requests = await authorized(() =>
      documents.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              ConditionCheck: {
                TableName: names.state,
                Key: { PK: 'CLIENT#1', SK: 'A' },
                ConditionExpression: 'attribute_exists(PK)',
              },
            },
            { Put: { TableName: names.events, Item: { PK: 'slip#1', SK: 2 } } },
            {
              Update: {
                TableName: names.state,
                Key: { PK: 'STAMP#1', SK: 'W' },
                UpdateExpression: 'ADD v :one',
                ExpressionAttributeValues: { ':one': 1 },
              },
            },
            { Delete: { TableName: names.views, Key: { PK: 'WEEK#1', SK: 'X' } } },
          ],
        }),
      ),
    );
    const enclosing = { 'dynamodb:EnclosingOperation': 'TransactWriteItems' };
    expect(requests).toEqual([
      {
        action: 'dynamodb:ConditionCheckItem',
        resource: table(names.state),
        context: { 'dynamodb:LeadingKeys': ['CLIENT#1'], ...enclosing },
      },
      {
        action: 'dynamodb:PutItem',
        resource: table(names.events),
        context: { 'dynamodb:LeadingKeys': ['slip#1'], ...enclosing },
      },
      {
        action: 'dynamodb:UpdateItem',
        resource: table(names.state),
        context: { 'dynamodb:LeadingKeys': ['STAMP#1'], ...enclosing },
      },
      {
        action: 'dynamodb:DeleteItem',
        resource: table(names.views),
        context: { 'dynamodb:LeadingKeys': ['WEEK#1'], ...enclosing },
      },
    ]);
  });

  it('checks each item of a TransactGetItems as a GetItem', async () => {
    const requests = await authorized(() =>
      documents.send(
        new TransactGetCommand({
          TransactItems: [
            { Get: { TableName: names.state, Key: { PK: 'CLIENT#1', SK: 'A' } } },
            { Get: { TableName: names.views, Key: { PK: 'WEEK#1', SK: 'B' } } },
          ],
        }),
      ),
    );
    expect(
      requests.map(({ action, resource, context }) => [action, resource, context['dynamodb:LeadingKeys']]),
    ).toEqual([
      ['dynamodb:GetItem', table(names.state), ['CLIENT#1']],
      ['dynamodb:GetItem', table(names.views), ['WEEK#1']],
    ]);
  });

  it('refuses an operation it does not know, and a table whose keys it does not know', async () => {
    await expect(
      authorized(() =>
        new DynamoDBClient(config).send(
          new CreateTableCommand({
            TableName: 'x',
            KeySchema: [{ AttributeName: 'PK', KeyType: 'HASH' }],
            AttributeDefinitions: [{ AttributeName: 'PK', AttributeType: 'S' }],
            BillingMode: 'PAY_PER_REQUEST',
          }),
        ),
      ),
    ).rejects.toThrow(/dynamodb CreateTable/);
    await expect(
      authorized(() => documents.send(new GetCommand({ TableName: 'elsewhere', Key: { PK: 'A', SK: 'B' } }))),
    ).rejects.toThrow(/key schema of table elsewhere/);
  });
});

describe('Lambda', () => {
  const fn = (name: string) => `arn:aws:lambda:${region}:${account}:function:${name}`;
  it('checks InvokeFunction on the function ARN, qualified by an alias or version however the caller names it', async () => {
    const invoked = [
      { FunctionName: 'jobs', InvocationType: 'Event' as const },
      { FunctionName: 'jobs:live' },
      { FunctionName: 'jobs', Qualifier: '7' },
      { FunctionName: `${account}:function:jobs` },
      { FunctionName: fn('jobs:live') },
      { FunctionName: fn('jobs'), Qualifier: 'live' },
    ];
    const resources = [];
    for (const input of invoked)
      resources.push(
        ...(await authorized(() => lambda.send(new InvokeCommand({ ...input, Payload: new Uint8Array([1, 2]) })))),
      );
    expect(resources).toEqual(
      [fn('jobs'), fn('jobs:live'), fn('jobs:7'), fn('jobs'), fn('jobs:live'), fn('jobs:live')].map((resource) => ({
        action: 'lambda:InvokeFunction',
        resource,
        context: {},
      })),
    );
  });
});

describe('SES v2', () => {
  it("checks SendEmail on the From address's domain identity, with the address and recipients as keys", async () => {
    const requests = await authorized(() =>
      ses.send(
        new SendEmailCommand({
          FromEmailAddress: "Pick'em <noreply@mail.example.com>",
          Destination: { ToAddresses: ['Ann <ann@example.org>'], BccAddresses: ['audit@example.com'] },
          Content: { Simple: { Subject: { Data: 'Hi' }, Body: { Text: { Data: 'Hello' } } } },
        }),
      ),
    );
    expect(requests).toEqual([
      {
        action: 'ses:SendEmail',
        resource: `arn:aws:ses:${region}:${account}:identity/mail.example.com`,
        context: {
          'ses:ApiVersion': '2',
          'ses:FromAddress': 'noreply@mail.example.com',
          'ses:FromDisplayName': "Pick'em",
          'ses:Recipients': ['ann@example.org', 'audit@example.com'],
        },
      },
    ]);
  });
});

describe('Secrets Manager', () => {
  const secret = `arn:aws:secretsmanager:${region}:${account}:secret:jwt-AbCdEf`;
  it('checks each operation on the secret its SecretId names, as given or built from a name', async () => {
    const requests = [
      ...(await authorized(() =>
        secrets.send(new GetSecretValueCommand({ SecretId: secret, VersionId: 'v2', VersionStage: 'AWSPENDING' })),
      )),
      ...(await authorized(() => secrets.send(new DescribeSecretCommand({ SecretId: 'odds-api-key' })))),
      ...(await authorized(() =>
        secrets.send(
          new PutSecretValueCommand({ SecretId: secret, ClientRequestToken: 'v2'.padEnd(32, '0'), SecretString: 's' }),
        ),
      )),
      ...(await authorized(() =>
        secrets.send(
          new UpdateSecretVersionStageCommand({ SecretId: secret, VersionStage: 'AWSCURRENT', MoveToVersionId: 'v2' }),
        ),
      )),
    ];
    expect(requests).toEqual([
      {
        action: 'secretsmanager:GetSecretValue',
        resource: secret,
        context: {
          'secretsmanager:SecretId': secret,
          'secretsmanager:VersionId': 'v2',
          'secretsmanager:VersionStage': 'AWSPENDING',
        },
      },
      {
        action: 'secretsmanager:DescribeSecret',
        resource: `arn:aws:secretsmanager:${region}:${account}:secret:odds-api-key`,
        context: { 'secretsmanager:SecretId': 'odds-api-key' },
      },
      { action: 'secretsmanager:PutSecretValue', resource: secret, context: { 'secretsmanager:SecretId': secret } },
      {
        action: 'secretsmanager:UpdateSecretVersionStage',
        resource: secret,
        context: { 'secretsmanager:SecretId': secret, 'secretsmanager:VersionStage': 'AWSCURRENT' },
      },
    ]);
  });

  it('checks GetRandomPassword on every resource, and refuses an operation it does not know', async () => {
    expect(await authorized(() => secrets.send(new GetRandomPasswordCommand({ PasswordLength: 32 })))).toEqual([
      { action: 'secretsmanager:GetRandomPassword', resource: '*', context: {} },
    ]);
    await expect(authorized(() => secrets.send(new CreateSecretCommand({ Name: 'x' })))).rejects.toThrow(
      /secretsmanager CreateSecret/,
    );
  });
});

describe('EventBridge Scheduler', () => {
  const schedule = (group: string, name: string) => `arn:aws:scheduler:${region}:${account}:schedule/${group}/${name}`;
  const roleArn = `arn:aws:iam::${account}:role/pickem-scheduler`;
  const spec = {
    Name: 'live-scores',
    GroupName: 'PickemApi-processes',
    ScheduleExpression: 'rate(1 minute)',
    FlexibleTimeWindow: { Mode: 'OFF' as const },
    Target: { Arn: `arn:aws:lambda:${region}:${account}:function:jobs:live`, RoleArn: roleArn, Input: '{}' },
  };
  const passRole = {
    action: 'iam:PassRole',
    resource: roleArn,
    context: { 'iam:PassedToService': 'scheduler.amazonaws.com' },
  };

  it('checks CreateSchedule and UpdateSchedule on the schedule in its group, and PassRole of its target role to the Scheduler', async () => {
    expect(await authorized(() => scheduler.send(new CreateScheduleCommand(spec)))).toEqual([
      { action: 'scheduler:CreateSchedule', resource: schedule('PickemApi-processes', 'live-scores'), context: {} },
      passRole,
    ]);
    expect(await authorized(() => scheduler.send(new UpdateScheduleCommand(spec)))).toEqual([
      { action: 'scheduler:UpdateSchedule', resource: schedule('PickemApi-processes', 'live-scores'), context: {} },
      passRole,
    ]);
  });

  it('checks GetSchedule and DeleteSchedule on the schedule of the group they name, or the default group', async () => {
    const requests = [
      ...(await authorized(() => scheduler.send(new GetScheduleCommand({ Name: 'pick-reminders', GroupName: 'g' })))),
      ...(await authorized(() => scheduler.send(new DeleteScheduleCommand({ Name: 'pick-reminders' })))),
    ];
    expect(requests).toEqual([
      { action: 'scheduler:GetSchedule', resource: schedule('g', 'pick-reminders'), context: {} },
      { action: 'scheduler:DeleteSchedule', resource: schedule('default', 'pick-reminders'), context: {} },
    ]);
  });

  it('checks ListSchedules on every resource', async () => {
    expect(await authorized(() => scheduler.send(new ListSchedulesCommand({ GroupName: 'g' })))).toEqual([
      { action: 'scheduler:ListSchedules', resource: '*', context: {} },
    ]);
  });
});

describe('CodeDeploy', () => {
  const hook = (deploymentId: string) =>
    new PutLifecycleEventHookExecutionStatusCommand({
      deploymentId,
      lifecycleEventHookExecutionId: 'e-1',
      status: 'Succeeded',
    });

  it("checks PutLifecycleEventHookExecutionStatus on the deployment's group", async () => {
    expect(await authorized(() => codeDeploy.send(hook('d-1')))).toEqual([
      { action: 'codedeploy:PutLifecycleEventHookExecutionStatus', resource: deploymentGroup, context: {} },
    ]);
  });

  it('refuses a deployment whose group it does not know', async () => {
    await expect(authorized(() => codeDeploy.send(hook('d-2')))).rejects.toThrow(/deployment d-2/);
  });
});

describe('CloudFront', () => {
  const distribution = `arn:aws:cloudfront::${account}:distribution/E2ABC`;
  it('checks GetDistributionConfig and UpdateDistribution on the distribution', async () => {
    const requests = [
      ...(await authorized(() => cloudFront.send(new GetDistributionConfigCommand({ Id: 'E2ABC' })))),
      ...(await authorized(() =>
        cloudFront.send(
          new UpdateDistributionCommand({
            Id: 'E2ABC',
            IfMatch: 'ETAG',
            DistributionConfig: {
              CallerReference: 'r',
              Comment: '',
              Enabled: true,
              Origins: { Quantity: 0, Items: [] },
              DefaultCacheBehavior: { TargetOriginId: 'o', ViewerProtocolPolicy: 'https-only' },
            },
          }),
        ),
      )),
    ];
    expect(requests).toEqual([
      { action: 'cloudfront:GetDistributionConfig', resource: distribution, context: {} },
      { action: 'cloudfront:UpdateDistribution', resource: distribution, context: {} },
    ]);
  });
});

describe('an unknown service', () => {
  it('is refused by name', () => {
    expect(() =>
      authorizationRequests(
        { service: 'sts', method: 'POST', path: '/', headers: {}, body: 'Action=GetCallerIdentity' },
        options,
      ),
    ).toThrow(/sts POST \//);
  });
});
