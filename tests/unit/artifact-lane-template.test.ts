// The artifact lane reads the synthesized templates as CloudFormation would deploy them (infra/artifact-lane/
// template.ts): a function's environment and role policies name the very tables, secrets and aliases the lane
// made, across stacks, and every route reaches the function its integration names.
import { describe, expect, it } from 'vitest';
import { laneAccount, type StackTemplate } from '../../infra/artifact-lane/cloud-assembly.ts';
import { resolveAssembly } from '../../infra/artifact-lane/template.ts';

const region = 'eu-west-1';
const data: StackTemplate = {
  name: 'Data',
  template: {
    Resources: {
      events: {
        Type: 'AWS::DynamoDB::Table',
        Properties: { KeySchema: [{ AttributeName: 'PK', KeyType: 'HASH' }], AttributeDefinitions: [] },
      },
    },
    Outputs: {
      EventsName: { Value: { Ref: 'events' }, Export: { Name: 'Data:events' } },
      EventsArn: { Value: { 'Fn::GetAtt': ['events', 'Arn'] }, Export: { Name: 'Data:eventsArn' } },
    },
  },
};
const api: StackTemplate = {
  name: 'Api',
  template: {
    Resources: {
      role: { Type: 'AWS::IAM::Role', Properties: {} },
      policy: {
        Type: 'AWS::IAM::Policy',
        Properties: {
          Roles: [{ Ref: 'role' }],
          PolicyDocument: {
            Statement: [
              { Effect: 'Allow', Action: 'dynamodb:GetItem', Resource: { 'Fn::ImportValue': 'Data:eventsArn' } },
              { Effect: 'Allow', Action: 'secretsmanager:GetSecretValue', Resource: { Ref: 'secret' } },
            ],
          },
        },
      },
      secret: { Type: 'AWS::SecretsManager::Secret' },
      fn: {
        Type: 'AWS::Lambda::Function',
        Metadata: { 'aws:asset:path': 'asset.abc' },
        Properties: {
          Role: { 'Fn::GetAtt': ['role', 'Arn'] },
          Handler: 'index.handler',
          Runtime: 'nodejs24.x',
          Environment: {
            Variables: {
              TABLE: { 'Fn::ImportValue': 'Data:events' },
              SELF: { 'Fn::Join': ['', [{ 'Fn::Select': [6, { 'Fn::Split': [':', { Ref: 'alias' }] }] }, ':live']] },
              PLACE: { 'Fn::Sub': ['${AWS::Region}/${fn.Arn}/${Zone}', { Zone: 'b' }] },
            },
          },
        },
      },
      version: { Type: 'AWS::Lambda::Version', Properties: { FunctionName: { Ref: 'fn' } } },
      alias: { Type: 'AWS::Lambda::Alias', Properties: { FunctionName: { Ref: 'fn' }, Name: 'live' } },
      integration: { Type: 'AWS::ApiGatewayV2::Integration', Properties: { IntegrationUri: { Ref: 'alias' } } },
      route: {
        Type: 'AWS::ApiGatewayV2::Route',
        Properties: {
          RouteKey: 'GET /Services/health',
          Target: { 'Fn::Join': ['', ['integrations/', { Ref: 'integration' }]] },
        },
      },
    },
  },
};

describe('the lane reads templates as CloudFormation deploys them', () => {
  const assembly = resolveAssembly([data, api], region);
  const [fn] = assembly.functions;

  it("resolves a function's environment across stacks: imports, joins, selects, splits and subs", () => {
    expect(fn!.environment).toEqual({
      TABLE: 'Data-events',
      SELF: 'Api-fn:live',
      PLACE: `${region}/arn:aws:lambda:${region}:${laneAccount}:function:Api-fn/b`,
    });
  });

  it("gives a function its role's attached policies, with the ARNs of what they name", () => {
    expect(fn!.roleArn).toBe(`arn:aws:iam::${laneAccount}:role/Api-role`);
    expect(fn!.policies).toEqual([
      {
        Statement: [
          {
            Effect: 'Allow',
            Action: 'dynamodb:GetItem',
            Resource: `arn:aws:dynamodb:${region}:${laneAccount}:table/Data-events`,
          },
          {
            Effect: 'Allow',
            Action: 'secretsmanager:GetSecretValue',
            Resource: `arn:aws:secretsmanager:${region}:${laneAccount}:secret:Api-secret-AbCdEf`,
          },
        ],
      },
    ]);
  });

  it('routes a route key to the function its integration invokes, through its alias', () => {
    const route = assembly.routes.get('GET /Services/health')!;
    expect(route.fn.logicalId).toBe('fn');
    expect(route.invokedArn).toBe(`${fn!.arn}:live`);
    expect(assembly.functionByArn(`${fn!.arn}:1`)).toBe(fn);
  });

  it('refuses an intrinsic function it cannot resolve rather than guessing', () => {
    expect(() => assembly.resolve('Api', { 'Fn::FindInMap': ['a', 'b', 'c'] })).toThrow(
      /does not resolve Fn::FindInMap/,
    );
  });
});
