// The synthesized cloud assembly (cdk.out) as its files: every stack's template, and the one account and partition the
// lane deploys them in (intrinsics.ts names their resources there; template.ts reads what the lane runs).
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

export function readAssembly(cdkOut: string): StackTemplate[] {
  return readdirSync(cdkOut)
    .filter((file) => file.endsWith('.template.json'))
    .map((file) => ({
      name: file.replace(/\.template\.json$/, ''),
      template: JSON.parse(readFileSync(join(cdkOut, file), 'utf8')) as CfnTemplate,
    }));
}
