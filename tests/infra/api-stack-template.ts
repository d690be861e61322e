// What the API stack's tests share: the app synthesized once per test file, the API stack's template, and readers
// for a function's live alias, its role's statements and the data stack's exports it is granted.
import { Template } from 'aws-cdk-lib/assertions';
import { liveAlias } from '../../infra/aws/lambda-function.ts';
import { logicalId, roleStatements, synthPickem } from './pickem-app.ts';

export function synthApiStack() {
  const stacks = synthPickem();
  const { data, api } = stacks;
  const template = Template.fromStack(api);
  const resources = template.toJSON().Resources;
  const aliasId = (fn: (typeof api.areaFunctions)['auth']) => logicalId(liveAlias(fn));
  const statementsOf = (fn: (typeof api.areaFunctions)['auth']) => roleStatements(template, logicalId(fn.role!));
  const importOf = (id: 'events' | 'state' | 'views', attribute: 'Arn' | 'StreamArn') =>
    `PickemData:ExportsOutputFnGetAtt${logicalId(data.tables[id])}${attribute}`;
  return { ...stacks, template, resources, aliasId, statementsOf, importOf };
}
