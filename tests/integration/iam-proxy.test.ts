// The artifact lane's IAM proxy (infra/artifact-lane/iam-proxy.ts): real SDK clients, each signing with the access
// key of one caller, reach a real database or a small upstream through it; a call the caller's policies allow
// arrives unchanged, one they do not is answered AccessDeniedException, as AWS would, and never arrives.
import {
  BatchGetItemCommand,
  CreateTableCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { CloudFrontClient, GetDistributionConfigCommand } from '@aws-sdk/client-cloudfront';
import { CodeDeployClient, PutLifecycleEventHookExecutionStatusCommand } from '@aws-sdk/client-codedeploy';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, type IamProxy, startIamProxy } from '../../infra/artifact-lane/iam-proxy.ts';
import { startDynalite } from '../../infra/local/dynalite-server.ts';

const account = '123456789012';
const region = 'us-east-1';
const tableName = 'iam-items';
const tableArn = `arn:aws:dynamodb:${region}:${account}:table/${tableName}`;
const allow = (Action: string[], Resource: string | string[], Condition?: object) => ({
  Version: '2012-10-17',
  Statement: [{ Effect: 'Allow', Action, Resource, ...(Condition && { Condition }) }],
});
const role = (name: string) => `arn:aws:iam::${account}:role/${name}`;
const clientFor = <T>(Client: new (config: object) => T, endpoint: string, accessKeyId: string) =>
  new Client({ endpoint, region, credentials: { accessKeyId, secretAccessKey: 'secret' }, maxAttempts: 1 });
const item = (pk: string) => ({ PK: { S: pk }, SK: { S: 'PROFILE' } });

describe('the IAM proxy in front of DynamoDB', () => {
  const callers: Record<string, Caller> = {
    AKIDUSERS: {
      name: 'usersApi',
      roleArn: role('usersApiRole'),
      policies: [
        allow(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:BatchGetItem'], tableArn, {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['USER#*'] },
        }),
      ],
    },
    AKIDOTHER: {
      name: 'healthApi',
      roleArn: role('healthApiRole'),
      policies: [
        allow(['dynamodb:GetItem', 'dynamodb:PutItem'], `arn:aws:dynamodb:${region}:${account}:table/elsewhere`),
      ],
    },
  };
  let database: Awaited<ReturnType<typeof startDynalite>>;
  let proxy: IamProxy;
  let direct: DynamoDBClient;
  const through = (accessKeyId: string) => clientFor(DynamoDBClient, proxy.endpoint, accessKeyId);
  const stored = async (pk: string) =>
    (await direct.send(new GetItemCommand({ TableName: tableName, Key: item(pk), ConsistentRead: true }))).Item;

  beforeAll(async () => {
    database = await startDynalite({ path: undefined, eventsTable: 'iam-events', onCommit: () => undefined });
    direct = clientFor(DynamoDBClient, database.endpoint, 'admin');
    await direct.send(
      new CreateTableCommand({
        TableName: tableName,
        KeySchema: [
          { AttributeName: 'PK', KeyType: 'HASH' },
          { AttributeName: 'SK', KeyType: 'RANGE' },
        ],
        AttributeDefinitions: [
          { AttributeName: 'PK', AttributeType: 'S' },
          { AttributeName: 'SK', AttributeType: 'S' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
      }),
    );
    await waitUntilTableExists(
      { client: direct, maxWaitTime: 60, minDelay: 0.1, maxDelay: 0.5 },
      { TableName: tableName },
    );
    proxy = await startIamProxy({
      upstream: database.endpoint,
      callerOf: (accessKeyId) => callers[accessKeyId],
      account,
      region,
      tables: { [tableName]: { partitionKey: 'PK', indexes: {} } },
    });
  });
  afterAll(async () => {
    direct.destroy();
    await proxy.close();
    await database.close();
  });

  it('forwards a write its policy allows to the database', async () => {
    await through('AKIDUSERS').send(
      new PutItemCommand({ TableName: tableName, Item: { ...item('USER#1'), name: { S: 'Ann' } } }),
    );
    expect(await stored('USER#1')).toMatchObject({ name: { S: 'Ann' } });
  });

  it('denies a write outside the partitions its LeadingKeys condition allows, as AWS words it, and writes nothing', async () => {
    const denied = through('AKIDUSERS').send(new PutItemCommand({ TableName: tableName, Item: item('CLIENT#1') }));
    await expect(denied).rejects.toMatchObject({
      name: 'AccessDeniedException',
      message: `User: arn:aws:sts::${account}:assumed-role/usersApiRole/usersApi is not authorized to perform: dynamodb:PutItem on resource: ${tableArn} because no identity-based policy allows the dynamodb:PutItem action`,
    });
    expect(await stored('CLIENT#1')).toBeUndefined();
    expect(proxy.decisions).toContainEqual({
      caller: 'usersApi',
      action: 'dynamodb:PutItem',
      resource: tableArn,
      allowed: false,
    });
  });

  it('allows a BatchGetItem only when every key is in an allowed partition', async () => {
    const batch = (...pks: string[]) =>
      through('AKIDUSERS').send(new BatchGetItemCommand({ RequestItems: { [tableName]: { Keys: pks.map(item) } } }));
    const answer = await batch('USER#1', 'USER#2');
    expect(answer.Responses?.[tableName]).toHaveLength(1);
    await expect(batch('USER#1', 'CLIENT#1')).rejects.toMatchObject({ name: 'AccessDeniedException' });
  });

  it('denies a caller whose access key it does not know', async () => {
    await expect(
      through('AKIDNOBODY').send(new PutItemCommand({ TableName: tableName, Item: item('USER#9') })),
    ).rejects.toMatchObject({ name: 'AccessDeniedException', message: expect.stringContaining('AKIDNOBODY') });
    expect(await stored('USER#9')).toBeUndefined();
  });

  it('denies a caller whose policies grant another table only', async () => {
    await expect(
      through('AKIDOTHER').send(new GetItemCommand({ TableName: tableName, Key: item('USER#1') })),
    ).rejects.toMatchObject({
      name: 'AccessDeniedException',
      message: expect.stringContaining('healthApiRole/healthApi'),
    });
  });
});

describe('the IAM proxy in front of other AWS APIs', () => {
  const jobsLive = `arn:aws:lambda:${region}:${account}:function:jobs:live`;
  const deploymentGroup = `arn:aws:codedeploy:${region}:${account}:deploymentgroup:pickem/jobs`;
  const callers: Record<string, Caller> = {
    AKIDHOOK: {
      name: 'preTrafficHook',
      roleArn: role('hookRole'),
      policies: [
        allow(['lambda:InvokeFunction'], jobsLive),
        allow(['ses:SendEmail'], `arn:aws:ses:${region}:${account}:identity/*`, {
          StringEquals: { 'ses:FromAddress': 'noreply@example.com' },
        }),
        allow(['codedeploy:PutLifecycleEventHookExecutionStatus'], deploymentGroup),
      ],
    },
  };
  const received: string[] = [];
  const upstream = createServer((request, res) => {
    received.push(`${request.method} ${request.url}`);
    request.resume().on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(request.url?.startsWith('/v2/') ? '{"MessageId":"m-1"}' : request.url === '/' ? '{}' : '{"ok":true}');
    });
  });
  let proxy: IamProxy;

  beforeAll(async () => {
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    proxy = await startIamProxy({
      upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
      callerOf: (accessKeyId) => callers[accessKeyId],
      account,
      region,
      tables: {},
      deploymentGroupOf: (deploymentId) => (deploymentId === 'd-1' ? deploymentGroup : undefined),
    });
  });
  afterAll(async () => {
    await proxy.close();
    await new Promise((resolve) => upstream.close(resolve));
  });

  it("reaches the Lambda client as AccessDeniedException when the function is not the caller's to invoke", async () => {
    const lambda = clientFor(LambdaClient, proxy.endpoint, 'AKIDHOOK');
    const answer = await lambda.send(new InvokeCommand({ FunctionName: jobsLive }));
    expect(new TextDecoder().decode(answer.Payload)).toBe('{"ok":true}');
    await expect(lambda.send(new InvokeCommand({ FunctionName: 'jobs', Qualifier: 'next' }))).rejects.toMatchObject({
      name: 'AccessDeniedException',
      $metadata: { httpStatusCode: 403 },
      message: expect.stringContaining(`lambda:InvokeFunction on resource: ${jobsLive.replace(':live', ':next')}`),
    });
    expect(received.filter((line) => line.includes('/functions/'))).toHaveLength(1);
  });

  it('reaches the SES v2 client as AccessDeniedException when the From address is not the one the policy names', async () => {
    const ses = clientFor(SESv2Client, proxy.endpoint, 'AKIDHOOK');
    const send = (from: string) =>
      ses.send(
        new SendEmailCommand({
          FromEmailAddress: from,
          Destination: { ToAddresses: ['ann@example.org'] },
          Content: { Simple: { Subject: { Data: 'Hi' }, Body: { Text: { Data: 'Hello' } } } },
        }),
      );
    expect((await send("Pick'em <noreply@example.com>")).MessageId).toBe('m-1');
    await expect(send('someone@example.com')).rejects.toMatchObject({ name: 'AccessDeniedException' });
    expect(received.filter((line) => line.startsWith('POST /v2/'))).toHaveLength(1);
  });

  it('reaches the CloudFront client as its AccessDenied error when no policy grants the distribution', async () => {
    const cloudFront = clientFor(CloudFrontClient, proxy.endpoint, 'AKIDHOOK');
    await expect(cloudFront.send(new GetDistributionConfigCommand({ Id: 'E2ABC' }))).rejects.toMatchObject({
      name: 'AccessDenied',
      $metadata: { httpStatusCode: 403 },
      message: expect.stringContaining(
        `cloudfront:GetDistributionConfig on resource: arn:aws:cloudfront::${account}:distribution/E2ABC`,
      ),
    });
    expect(received.filter((line) => line.includes('/distribution/'))).toEqual([]);
  });

  it("allows PutLifecycleEventHookExecutionStatus on the deployment group it is granted on, and no other deployment's", async () => {
    const codeDeploy = clientFor(CodeDeployClient, proxy.endpoint, 'AKIDHOOK');
    const hook = (deploymentId: string) =>
      codeDeploy.send(
        new PutLifecycleEventHookExecutionStatusCommand({
          deploymentId,
          lifecycleEventHookExecutionId: 'e-1',
          status: 'Succeeded',
        }),
      );
    await hook('d-1');
    expect(proxy.decisions).toContainEqual({
      caller: 'preTrafficHook',
      action: 'codedeploy:PutLifecycleEventHookExecutionStatus',
      resource: deploymentGroup,
      allowed: true,
    });
    await expect(hook('d-2')).rejects.toThrow(/deployment d-2/);
    expect(proxy.failures).toEqual([expect.stringContaining('deployment d-2')]);
  });
});
