// The app's stacks as CloudFormation would deploy them: every resource gets a physical name and an ARN in one account
// and region, and intrinsic functions (Ref, Fn::GetAtt, Fn::Sub, Fn::Join, Fn::Select, Fn::Split, Fn::ImportValue)
// resolve to them.
import { laneAccount, lanePartition, type StackTemplate } from './cloud-assembly.ts';

const physicalNameProperty: Record<string, string> = {
  'AWS::Lambda::Function': 'FunctionName',
  'AWS::DynamoDB::Table': 'TableName',
  'AWS::IAM::Role': 'RoleName',
  'AWS::Scheduler::ScheduleGroup': 'Name',
  'AWS::Scheduler::Schedule': 'Name',
  'AWS::SQS::Queue': 'QueueName',
  'AWS::Logs::LogGroup': 'LogGroupName',
};

/** Ref, Fn::GetAtt and every other intrinsic function over the stacks, in one account and region. */
export function intrinsicsOf(stacks: StackTemplate[], region: string) {
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

  return { byName, ref, getAtt, resolve, functionArn };
}
