// What the operations tests share: the API stack's synthesized template, its functions (each area's, the projector,
// the jobs) and the deploy's pre-traffic hook, and readers for its resources and the alarms on a metric.
import { Template } from 'aws-cdk-lib/assertions';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { expect } from 'vitest';
import { logicalId, synthPickem } from './pickem-app.ts';

export function synthOperations() {
  const { data, api } = synthPickem();
  const template = Template.fromStack(api);
  const resources = template.toJSON().Resources as Record<
    string,
    { Type: string; Properties: any; UpdatePolicy?: any }
  >;
  const functions: Record<string, NodejsFunction> = { ...api.areaFunctions, projector: api.projector, jobs: api.jobs };
  /** The deploy's hook, a function of the stack outside the application's deploys. */
  const preTrafficHook = api.node.findChild('deploys').node.findChild('preTrafficHook') as NodejsFunction;
  const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
  const alarms = ofType('AWS::CloudWatch::Alarm');
  /** The alarms on a metric, whether the alarm names it directly or through metric math. */
  const alarmsOn = (metricName: string) =>
    alarms.filter(([, { Properties: p }]) =>
      [p.MetricName, ...(p.Metrics ?? []).map((m: any) => m.MetricStat?.Metric.MetricName)].includes(metricName),
    );
  const onAlias = (fn: NodejsFunction) => (alarm: [string, { Properties: any }]) =>
    JSON.stringify(alarm[1].Properties.Dimensions).includes(`{"Ref":"${logicalId(fn)}"},":live"`);
  return { data, api, template, resources, functions, preTrafficHook, ofType, alarms, alarmsOn, onAlias };
}

/** The one element of a list. */
export const only = <T>(list: T[]): T => {
  expect(list).toHaveLength(1);
  return list[0]!;
};
