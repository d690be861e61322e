// Test helpers: the real CDK app, synthesized fast and once per run of the infra files (they share one process,
// vitest.config.ts), and readers for its IAM statements.
import { readFileSync, rmSync } from 'node:fs';
import { App, Stack, type CfnElement } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { addPickemStacks, type PickemOptions } from '../../infra/aws/stacks.ts';
import { testFolder } from '../support/global-setup.ts';

const made = new Map<string, ReturnType<typeof addPickemStacks>>();
const outdirs: string[] = [];
process.once('exit', () => outdirs.forEach((outdir) => rmSync(outdir, { recursive: true, force: true })));

/** The context `cdk synth` gives the app: cdk.json's (its feature flags above all). */
export const cdkJsonContext: Record<string, unknown> = JSON.parse(
  readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8'),
).context;

/**
 * An app in outdir as `cdk synth` makes it (cdk.json's context), with the given context on top; functions are not
 * bundled.
 */
export const pickemApp = (outdir: string, context: Record<string, unknown> = {}) =>
  new App({ outdir, context: { ...cdkJsonContext, 'aws:cdk:bundling-stacks': [], ...context } });

/**
 * The four stacks in a temporary cloud assembly; functions are not bundled, so the CDK tests stay fast. One app per
 * context and options: tests only read it.
 */
export function synthPickem(context: Record<string, string> = {}, options: PickemOptions = {}) {
  const key = JSON.stringify([context, options]);
  if (!made.has(key)) {
    const outdir = testFolder('pickem-cdk-');
    outdirs.push(outdir);
    made.set(key, addPickemStacks(pickemApp(outdir, context), options));
  }
  return made.get(key)!;
}

export const logicalId = (construct: IConstruct) =>
  Stack.of(construct).getLogicalId(construct.node.defaultChild as CfnElement);

export interface Statement {
  Effect: 'Allow' | 'Deny';
  Action: string | string[];
  Resource: unknown;
  Condition?: unknown;
}
export const actionsOf = (statement: Statement) => [statement.Action].flat();

interface Resource {
  Type: string;
  Properties?: Record<string, any>;
}
const resources = (template: Template) => Object.values(template.toJSON().Resources as Record<string, Resource>);

/** Every Allow statement of identity and resource policies in a template. */
export function allowStatements(template: Template): Statement[] {
  return resources(template)
    .flatMap(({ Properties: p }) => [p?.PolicyDocument, ...(p?.Policies ?? []).map((x: any) => x.PolicyDocument)])
    .flatMap((document) => (document?.Statement ?? []) as Statement[])
    .filter((statement) => statement.Effect === 'Allow');
}

/** The statements of one role's inline policies: its own and the policies attached to it. */
export function roleStatements(template: Template, roleLogicalId: string): Statement[] {
  const role = (template.toJSON().Resources as Record<string, Resource>)[roleLogicalId];
  const own = ((role?.Properties?.Policies ?? []) as any[]).flatMap((p) => p.PolicyDocument.Statement as Statement[]);
  const attached = resources(template)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties?.Roles.some((role: any) => role.Ref === roleLogicalId))
    .flatMap((r) => r.Properties!.PolicyDocument.Statement as Statement[]);
  return [...own, ...attached];
}
