// What CloudFormation and AWS refuse, checked over every stack of the synthesized app (as built, with a domain and a
// site, and in a region other than CloudFront's): a cycle of resources, and the quotas on a stack, a template, a
// function's environment and a role's inline policies.
import { statSync } from 'node:fs';
import { Stage, type Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { synthPickem } from './pickem-app.ts';

interface Resource {
  Type: string;
  Properties?: Record<string, any>;
  DependsOn?: string | string[];
  UpdatePolicy?: unknown;
}
type Resources = Record<string, Resource>;

/** Resources a stack may hold (CloudFormation's quota is 500), a template's size and a function's environment's. */
const maxResources = 450;
const maxTemplateBytes = 1_000_000;
const maxEnvironmentBytes = 4 * 1024;
/** IAM's quota on a role's inline policies together, counted without whitespace. */
const maxInlinePolicyChars = 10_240;

/** The names `${Name}` and `${Name.Attribute}` in a Fn::Sub string; `${!Literal}` is text. */
const subNames = (text: string) => [...text.matchAll(/\$\{([^!}][^}.]*)(\.[^}]*)?\}/g)].map((m) => m[1]!);

/** The logical ids a value names by Ref, Fn::GetAtt or Fn::Sub (in the string and in its variables). */
function namedIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(namedIn);
  if (typeof value !== 'object' || value === null) return [];
  const node = value as Record<string, unknown>;
  if (typeof node.Ref === 'string') return [node.Ref];
  if ('Fn::GetAtt' in node) {
    const target = node['Fn::GetAtt'];
    return [Array.isArray(target) ? target[0] : String(target).split('.')[0]];
  }
  if ('Fn::Sub' in node) {
    const [text, variables = {}] = [node['Fn::Sub']].flat() as [string, Record<string, unknown>?];
    return [...subNames(text).filter((name) => !(name in variables)), ...namedIn(Object.values(variables))];
  }
  return Object.values(node).flatMap(namedIn);
}

/** The resources one resource waits for: those its properties and update policy name, and its DependsOn. */
const dependenciesOf = (resource: Resource, resources: Resources) =>
  [...new Set([...namedIn([resource.Properties, resource.UpdatePolicy]), ...[resource.DependsOn ?? []].flat()])].filter(
    (id) => id in resources,
  );

/** A loop of resources, each waiting for the next and the last for the first; undefined if there is none. */
function cycleIn(resources: Resources): string[] | undefined {
  const state = new Map<string, 'visiting' | 'done'>();
  const path: string[] = [];
  const visit = (id: string): string[] | undefined => {
    if (state.get(id) === 'done') return undefined;
    if (state.get(id) === 'visiting') return [...path.slice(path.indexOf(id)), id];
    state.set(id, 'visiting');
    path.push(id);
    for (const next of dependenciesOf(resources[id]!, resources)) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(id, 'done');
    return undefined;
  };
  for (const id of Object.keys(resources)) {
    const cycle = visit(id);
    if (cycle) return cycle;
  }
  return undefined;
}

/** Bytes of a function's environment as AWS counts them: keys and values, a reference as its template JSON. */
const environmentBytes = (variables: Record<string, unknown> = {}) =>
  Object.entries(variables).reduce(
    (sum, [key, value]) =>
      sum + Buffer.byteLength(key) + Buffer.byteLength(typeof value === 'string' ? value : JSON.stringify(value)),
    0,
  );

/** Characters, without whitespace, of each role's inline policies: its own Policies and the AWS::IAM::Policy on it. */
function inlinePolicyChars(resources: Resources) {
  const roles = Object.entries(resources).filter(([, r]) => r.Type === 'AWS::IAM::Role');
  return Object.fromEntries(
    roles.map(([roleId, role]) => {
      const attached = Object.values(resources).filter(
        (r) => r.Type === 'AWS::IAM::Policy' && (r.Properties!.Roles ?? []).some((x: any) => x.Ref === roleId),
      );
      const documents = [
        ...(role.Properties!.Policies ?? []).map((p: any) => p.PolicyDocument),
        ...attached.map((p) => p.Properties!.PolicyDocument),
      ];
      return [roleId, documents.reduce((sum, d) => sum + JSON.stringify(d).length, 0)];
    }),
  );
}

/** A stack's template as synthesized, and the size of its file. */
function synthesized(stack: Stack) {
  const artifact = Stage.of(stack)!.synth().getStackArtifact(stack.artifactId);
  return { resources: artifact.template.Resources as Resources, bytes: statSync(artifact.templateFullPath).size };
}

const apps = {
  'as built': synthPickem(),
  'with a domain and a site': synthPickem(
    { domainName: 'pickem.example.com', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' },
    { siteDir: new URL('.', import.meta.url).pathname },
  ),
  'outside us-east-1': synthPickem({}, { env: { region: 'eu-west-1' } }),
};

describe('the cycle finder', () => {
  const resource = (properties: Record<string, unknown>, extra: Partial<Resource> = {}): Resource => ({
    Type: 'AWS::Test::Thing',
    Properties: properties,
    ...extra,
  });

  it('finds a loop through Ref, Fn::GetAtt, Fn::Sub, the update policy and DependsOn', () => {
    const loop = {
      a: resource({ Name: { Ref: 'b' } }),
      b: resource({ Arn: { 'Fn::GetAtt': ['c', 'Arn'] } }),
      c: resource({ Text: { 'Fn::Sub': 'arn:${AWS::Partition}:x:::${d.Arn}/y' } }),
      d: resource({}, { UpdatePolicy: { Hook: { Ref: 'e' } } }),
      e: resource({}, { DependsOn: ['a'] }),
    };
    expect(cycleIn(loop)).toEqual(['a', 'b', 'c', 'd', 'e', 'a']);
  });

  it("finds a loop through a Fn::Sub variable, the dotted Fn::GetAtt and a resource's own ${Name}", () => {
    expect(
      cycleIn({
        a: resource({ Text: { 'Fn::Sub': ['${x}', { x: { 'Fn::GetAtt': 'b.Arn' } }] } }),
        b: resource({ Text: { 'Fn::Sub': '${a}' } }),
      }),
    ).toEqual(['a', 'b', 'a']);
  });

  it('finds none where Fn::Sub names only its own variables, pseudo parameters and ${!Literal} text', () => {
    expect(
      cycleIn({
        a: resource({ Text: { 'Fn::Sub': ['${b}-${!a}-${AWS::Region}', { b: 'text' }] }, Other: { Ref: 'b' } }),
        b: resource({ Text: { 'Fn::Sub': '${!a}' } }, { DependsOn: 'c' }),
        c: resource({}),
      }),
    ).toBeUndefined();
  });
});

for (const [name, stacks] of Object.entries(apps)) {
  describe(`every stack of the app ${name}`, () => {
    const templates = Object.values(stacks).map((stack) => ({ stack: stack.stackName, ...synthesized(stack) }));

    it('has no cycle of resources', () => {
      for (const { stack, resources } of templates) expect(cycleIn(resources), stack).toBeUndefined();
    });

    it(`holds at most ${maxResources} resources, in a template of at most 1 MB`, () => {
      for (const { stack, resources, bytes } of templates) {
        expect(Object.keys(resources).length, stack).toBeLessThanOrEqual(maxResources);
        expect(bytes, stack).toBeLessThanOrEqual(maxTemplateBytes);
      }
    });

    it('gives each Lambda function an environment of at most 4 KB and each role at most 10,240 characters of inline policy', () => {
      const functions = templates.flatMap(({ stack, resources }) =>
        Object.entries(resources)
          .filter(([, r]) => r.Type === 'AWS::Lambda::Function')
          .map(([id, r]) => [`${stack}/${id}`, environmentBytes(r.Properties!.Environment?.Variables)] as const),
      );
      expect(functions.length).toBeGreaterThan(0);
      for (const [id, bytes] of functions) expect(bytes, id).toBeLessThanOrEqual(maxEnvironmentBytes);
      const roles = templates.flatMap(({ stack, resources }) =>
        Object.entries(inlinePolicyChars(resources)).map(([id, chars]) => [`${stack}/${id}`, chars] as const),
      );
      expect(roles.length).toBeGreaterThan(0);
      for (const [id, chars] of roles) expect(chars, id).toBeLessThanOrEqual(maxInlinePolicyChars);
    });
  });
}
