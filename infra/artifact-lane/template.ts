// What the artifact lane runs, read from the synthesized templates (cloud-assembly.ts) with their intrinsic functions
// resolved (intrinsics.ts), and from here alone: the functions with their bundles, environments and role policies, the
// tables, the HTTP API's routes, the stream's event source mapping.
import type { StackTemplate } from './cloud-assembly.ts';
import { intrinsicsOf } from './intrinsics.ts';

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

/** The app's stacks resolved in one account and region (the region the templates were synthesized for). */
export function resolveAssembly(stacks: StackTemplate[], region: string) {
  const { byName, ref, getAtt, resolve, functionArn } = intrinsicsOf(stacks, region);

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
