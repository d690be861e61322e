// The synthesized cloud assembly (cdk.out) read as CloudFormation would deploy it: every stack's resources get
// physical names and ARNs in one account and region, and intrinsic functions (Ref, Fn::GetAtt, Fn::Sub, Fn::Join,
// Fn::Select, Fn::Split, Fn::ImportValue) resolve to them. What the artifact lane runs comes from here alone: the
// functions with their bundles, environments and role policies, the tables, the HTTP API's routes, the stream's
// event source mapping.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export interface CfnResource {
  Type: string;
  Properties?: Record<string, unknown>;
  Metadata?: Record<string, unknown>;
  DependsOn?: string | string[];
  UpdatePolicy?: unknown;
}

interface CfnTemplate {
  Resources: Record<string, CfnResource>;
  Outputs?: Record<string, { Value: unknown; Export?: { Name: unknown } }>;
}

export interface StackTemplate {
  name: string;
  template: CfnTemplate;
}

/** Where the lane says everything lives. */
export const laneAccount = '111111111111';
export const lanePartition = 'aws';

export interface PolicyDocument {
  Version?: string;
  Statement: unknown;
}

export interface LaneFunction {
  stack: string;
  logicalId: string;
  name: string;
  arn: string;
  /** The bundle folder in cdk.out. */
  assetDir: string;
  handler: string;
  runtime: string;
  timeoutSeconds: number;
  memoryMb: number;
  environment: Record<string, string>;
  roleArn: string;
  /** The role's identity policies (inline and attached AWS::IAM::Policy), resolved. */
  policies: PolicyDocument[];
}

interface KeyElement {
  AttributeName: string;
  KeyType: 'HASH' | 'RANGE';
}

/** What a table's template says that the lane makes it with. */
export interface TableProperties {
  KeySchema: KeyElement[];
  AttributeDefinitions: { AttributeName: string; AttributeType: 'S' | 'N' | 'B' }[];
  GlobalSecondaryIndexes?: { IndexName: string; KeySchema: KeyElement[]; Projection: { ProjectionType?: 'ALL' } }[];
  StreamSpecification?: { StreamViewType: 'NEW_IMAGE' | 'OLD_IMAGE' | 'NEW_AND_OLD_IMAGES' | 'KEYS_ONLY' };
}

/** What a function's template says that the lane runs it with. */
interface FunctionProperties {
  Role: { 'Fn::GetAtt': [string, string] };
  Handler: string;
  Runtime: string;
  Timeout?: number;
  MemorySize?: number;
  Environment?: { Variables: Record<string, unknown> };
}

export interface LaneTable {
  name: string;
  arn: string;
  properties: TableProperties;
}

export function readAssembly(cdkOut: string): StackTemplate[] {
  return readdirSync(cdkOut)
    .filter((file) => file.endsWith('.template.json'))
    .map((file) => ({
      name: file.replace(/\.template\.json$/, ''),
      template: JSON.parse(readFileSync(join(cdkOut, file), 'utf8')) as CfnTemplate,
    }));
}

const physicalNameProperty: Record<string, string> = {
  'AWS::Lambda::Function': 'FunctionName',
  'AWS::DynamoDB::Table': 'TableName',
  'AWS::IAM::Role': 'RoleName',
  'AWS::Scheduler::ScheduleGroup': 'Name',
  'AWS::Scheduler::Schedule': 'Name',
  'AWS::SQS::Queue': 'QueueName',
  'AWS::Logs::LogGroup': 'LogGroupName',
};

/** The app's stacks resolved in one account and region (the region the templates were synthesized for). */
export function resolveAssembly(stacks: StackTemplate[], region: string) {
  const byName = new Map(stacks.map((stack) => [stack.name, stack]));
  const arn = (service: string, resource: string, regional = true) =>
    `arn:${lanePartition}:${service}:${regional ? region : ''}:${laneAccount}:${resource}`;

  function nameOf(stack: string, id: string): string {
    const resource = byName.get(stack)!.template.Resources[id]!;
    const given = physicalNameProperty[resource.Type];
    const property = given && resource.Properties?.[given];
    return property !== undefined ? String(resolve(stack, property)) : `${stack}-${id}`.slice(0, 64);
  }

  function ref(stack: string, id: string): string {
    if (id === 'AWS::AccountId') return laneAccount;
    if (id === 'AWS::Region') return region;
    if (id === 'AWS::Partition') return lanePartition;
    if (id === 'AWS::StackName') return stack;
    if (id === 'AWS::URLSuffix') return 'amazonaws.com';
    const resource = byName.get(stack)!.template.Resources[id];
    if (!resource) throw new Error(`${stack} has no resource ${id}`);
    const name = nameOf(stack, id);
    switch (resource.Type) {
      case 'AWS::Lambda::Version':
        return `${getAtt(stack, id, 'FunctionArn')}:1`;
      case 'AWS::Lambda::Alias':
        return `${functionArn(String(resolve(stack, resource.Properties!.FunctionName)))}:${resource.Properties!.Name}`;
      case 'AWS::SecretsManager::Secret':
        return arn('secretsmanager', `secret:${name}-AbCdEf`);
      case 'AWS::SNS::Topic':
        return arn('sns', name);
      case 'AWS::SQS::Queue':
        return `http://sqs.${region}.localhost/${laneAccount}/${name}`;
      default:
        return name;
    }
  }

  const functionArn = (nameOrArn: string) =>
    nameOrArn.startsWith('arn:') ? nameOrArn : arn('lambda', `function:${nameOrArn}`);

  function getAtt(stack: string, id: string, attribute: string): string {
    const resource = byName.get(stack)!.template.Resources[id];
    if (!resource) throw new Error(`${stack} has no resource ${id}`);
    const name = nameOf(stack, id);
    const key = `${resource.Type}.${attribute}`;
    switch (key) {
      case 'AWS::Lambda::Function.Arn':
        return functionArn(name);
      case 'AWS::Lambda::Version.FunctionArn':
        return functionArn(String(resolve(stack, resource.Properties!.FunctionName)));
      case 'AWS::Lambda::Version.Version':
        return '1';
      case 'AWS::DynamoDB::Table.Arn':
        return arn('dynamodb', `table/${name}`);
      case 'AWS::DynamoDB::Table.StreamArn':
        return arn('dynamodb', `table/${name}/stream/lane`);
      case 'AWS::IAM::Role.Arn':
        return `arn:${lanePartition}:iam::${laneAccount}:role/${name}`;
      case 'AWS::SQS::Queue.Arn':
        return arn('sqs', name);
      case 'AWS::Logs::LogGroup.Arn':
        return arn('logs', `log-group:${name}:*`);
      case 'AWS::Scheduler::ScheduleGroup.Arn':
        return arn('scheduler', `schedule-group/${name}`);
      case 'AWS::SecretsManager::Secret.Id':
        return ref(stack, id);
      case 'AWS::ApiGatewayV2::Api.ApiEndpoint':
        return `https://${name}.execute-api.${region}.amazonaws.com`;
      default:
        if (attribute === 'Arn') return arn(resource.Type.split('::')[1]!.toLowerCase(), name);
        return `${name}.${attribute}`;
    }
  }

  function importValue(exportName: string): unknown {
    for (const stack of stacks)
      for (const output of Object.values(stack.template.Outputs ?? {}))
        if (output.Export && resolve(stack.name, output.Export.Name) === exportName)
          return resolve(stack.name, output.Value);
    throw new Error(`No stack exports ${exportName}`);
  }

  function sub(stack: string, text: string, variables: Record<string, unknown> = {}) {
    return text.replace(/\$\{([^}!]+)\}/g, (_, name: string) => {
      if (name in variables) return String(resolve(stack, variables[name]));
      const [id, attribute] = name.split(/\.(.+)/);
      return attribute ? getAtt(stack, id!, attribute) : ref(stack, id!);
    });
  }

  /** A template value with every intrinsic function resolved. */
  function resolve(stack: string, value: unknown): unknown {
    if (Array.isArray(value)) return value.map((item) => resolve(stack, item));
    if (!value || typeof value !== 'object') return value;
    const entries = Object.entries(value);
    const [key, argument] = entries[0] ?? [];
    if (entries.length === 1 && (key === 'Ref' || key?.startsWith('Fn::'))) {
      const pair = argument as [unknown, unknown];
      switch (key) {
        case 'Ref':
          return ref(stack, argument as string);
        case 'Fn::GetAtt':
          return getAtt(
            stack,
            ...((typeof argument === 'string' ? argument.split(/\.(.+)/) : argument) as [string, string]),
          );
        case 'Fn::Join':
          return (resolve(stack, pair[1]) as unknown[]).join(pair[0] as string);
        case 'Fn::Select':
          return (resolve(stack, pair[1]) as unknown[])[Number(resolve(stack, pair[0]))];
        case 'Fn::Split':
          return String(resolve(stack, pair[1])).split(pair[0] as string);
        case 'Fn::Sub':
          return typeof argument === 'string'
            ? sub(stack, argument)
            : sub(stack, pair[0] as string, pair[1] as Record<string, unknown>);
        case 'Fn::ImportValue':
          return importValue(String(resolve(stack, argument)));
        default:
          throw new Error(`The lane does not resolve ${key}`);
      }
    }
    return Object.fromEntries(entries.map(([name, item]) => [name, resolve(stack, item)]));
  }

  const resourcesOf = (type: string) =>
    stacks.flatMap((stack) =>
      Object.entries(stack.template.Resources)
        .filter(([, resource]) => resource.Type === type)
        .map(([id, resource]) => ({ stack: stack.name, id, resource })),
    );

  function policiesOf(stack: string, roleId: string): PolicyDocument[] {
    const role = byName.get(stack)!.template.Resources[roleId]!;
    const inline = ((role.Properties?.Policies ?? []) as { PolicyDocument: unknown }[]).map(
      (policy) => policy.PolicyDocument,
    );
    const attached = resourcesOf('AWS::IAM::Policy')
      .filter(({ stack: s, resource }) =>
        (resource.Properties!.Roles as { Ref?: string }[]).some((r) => s === stack && r.Ref === roleId),
      )
      .map(({ resource }) => resource.Properties!.PolicyDocument);
    return [...inline, ...attached].map((document) => resolve(stack, document) as PolicyDocument);
  }

  const functions: LaneFunction[] = resourcesOf('AWS::Lambda::Function')
    .filter(({ resource }) => resource.Metadata?.['aws:asset:path'])
    .map(({ stack, id, resource }) => {
      const properties = resource.Properties as unknown as FunctionProperties;
      const roleId = properties.Role['Fn::GetAtt'][0];
      return {
        stack,
        logicalId: id,
        name: ref(stack, id),
        arn: getAtt(stack, id, 'Arn'),
        assetDir: resource.Metadata!['aws:asset:path'] as string,
        handler: properties.Handler,
        runtime: properties.Runtime,
        timeoutSeconds: properties.Timeout ?? 3,
        memoryMb: properties.MemorySize ?? 128,
        environment: resolve(stack, properties.Environment?.Variables ?? {}) as Record<string, string>,
        roleArn: getAtt(stack, roleId, 'Arn'),
        policies: policiesOf(stack, roleId),
      };
    });

  const tables: LaneTable[] = resourcesOf('AWS::DynamoDB::Table').map(({ stack, id, resource }) => ({
    name: ref(stack, id),
    arn: getAtt(stack, id, 'Arn'),
    properties: resource.Properties as unknown as TableProperties,
  }));

  /** The function an ARN names: unqualified, a version's or an alias's. */
  const functionByArn = (nameOrArn: string) => {
    const unqualified = functionArn(nameOrArn).split(':').slice(0, 7).join(':');
    return functions.find((fn) => fn.arn === unqualified);
  };

  /** `METHOD /path` → the function its integration invokes, and the qualifier (alias) it invokes. */
  const routes = new Map(
    resourcesOf('AWS::ApiGatewayV2::Route').map(({ stack, resource }) => {
      const target = String(resolve(stack, resource.Properties!.Target)).replace(/^integrations\//, '');
      const integration = resourcesOf('AWS::ApiGatewayV2::Integration').find(
        (found) => found.stack === stack && ref(stack, found.id) === target,
      )!.resource;
      const uri = String(resolve(stack, integration.Properties!.IntegrationUri));
      const fn = functionByArn(uri);
      if (!fn) throw new Error(`Route ${resource.Properties!.RouteKey} reaches no function of ours (${uri})`);
      return [resource.Properties!.RouteKey as string, { fn, invokedArn: uri }];
    }),
  );

  const eventSources = resourcesOf('AWS::Lambda::EventSourceMapping').map(({ stack, resource }) => {
    const properties = resolve(stack, resource.Properties) as {
      EventSourceArn: string;
      BatchSize: number;
      FunctionName: string;
    };
    return { ...properties, fn: functionByArn(properties.FunctionName)!, invokedArn: properties.FunctionName };
  });

  return { functions, tables, routes, eventSources, functionByArn, resourcesOf, resolve, ref };
}

export type ResolvedAssembly = ReturnType<typeof resolveAssembly>;
