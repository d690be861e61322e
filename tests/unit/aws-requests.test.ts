// The IAM authorizations the artifact lane's proxy evaluates for the signed caller's Lambda invocations, mails and
// secrets (infra/artifact-lane/aws-requests.ts, aws-requests/), and the caller it knows them by. Each request is the
// one a real SDK client signs for the command, taken from its request handler before anything is sent
// (tests/unit/support/signed-aws-requests.ts).
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
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
import { describe, expect, it } from 'vitest';
import { authorizationRequests, credentialScope } from '../../infra/artifact-lane/aws-requests.ts';
import { account, authorized, config, options, region, signed } from './support/signed-aws-requests.ts';

const lambda = new LambdaClient(config);
const ses = new SESv2Client(config);
const secrets = new SecretsManagerClient(config);

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
