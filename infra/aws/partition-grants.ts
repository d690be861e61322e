// Writes a function may make to a few partitions of the state table only (IAM dynamodb:LeadingKeys), for
// functions that otherwise only read it.
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { keys } from '../../functions/store/keys.ts';
import { anyTotalsPartition } from '../../functions/views/total-key.ts';

const onlyIn = (table: ITable, action: string, partition: string, match: 'StringEquals' | 'StringLike') =>
  new PolicyStatement({
    actions: [action],
    resources: [table.tableArn],
    conditions: { [`ForAllValues:${match}`]: { 'dynamodb:LeadingKeys': [partition] } },
  });

/** A read that finds a cache from before it existed builds it: the current season's week list (store/catalogue.ts). */
export function grantBuildCaches(fn: NodejsFunction, state: ITable) {
  fn.addToRolePolicy(onlyIn(state, 'dynamodb:UpdateItem', keys.season(0).PK, 'StringEquals'));
}

/** A change sent under a request key: its record, put and updated in its own partition (store/request-keys.ts). */
export function grantRequestKeys(fn: NodejsFunction, state: ITable) {
  for (const action of ['dynamodb:PutItem', 'dynamodb:UpdateItem'])
    fn.addToRolePolicy(onlyIn(state, action, `${keys.requestPrefix}*`, 'StringLike'));
}

/** A player's rename reaches their week totals in the views (functions/views/rename-player.ts), and no other view. */
export const grantTotalsRenames = (fn: NodejsFunction, views: ITable) =>
  fn.addToRolePolicy(onlyIn(views, 'dynamodb:UpdateItem', anyTotalsPartition, 'StringLike'));

/** After a recompute or a slip command, the client week's version stamp (functions/store/stamps.ts). */
export const grantStampUpdates = (fn: NodejsFunction, state: ITable) =>
  fn.addToRolePolicy(onlyIn(state, 'dynamodb:UpdateItem', `${keys.stampPrefix}*`, 'StringLike'));
