// DynamoDB's authorizations: each operation on its table or index, with the partitions it touches as
// dynamodb:LeadingKeys.
import {
  type AuthorizationRequest,
  type AwsRequest,
  jsonBody,
  own,
  type RequestOptions,
  type TableKeys,
  targetOperation,
  unknownOperation,
} from './signed-request.ts';

const unique = (values: string[]) => [...new Set(values)];

type AttributeValue = { S?: string; N?: string; B?: string };
type Item = Record<string, AttributeValue>;

interface DynamoBody {
  TableName: string;
  IndexName?: string;
  Key?: Item;
  Item?: Item;
  KeyConditionExpression?: string;
  KeyConditions?: Record<string, { ComparisonOperator: string; AttributeValueList?: AttributeValue[] }>;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Item;
  RequestItems?: Record<string, unknown>;
  TransactItems?: Record<string, DynamoBody>[];
}

function scalarText(value: AttributeValue | undefined, what: string) {
  const text = value?.S ?? value?.N ?? value?.B;
  if (typeof text !== 'string') throw new Error(`${what} is not a string, number or binary value`);
  return text;
}

export function dynamoRequests(request: AwsRequest, options: RequestOptions): AuthorizationRequest[] {
  const operation = targetOperation(request, 'DynamoDB_20120810');
  const body = jsonBody(request) as DynamoBody;
  const tableArn = (name: string) => `arn:aws:dynamodb:${options.region}:${options.account}:table/${name}`;
  const keysOf = (name: string) => {
    const keys = own(options.tables, name);
    if (!keys) throw new Error(`The IAM proxy does not know the key schema of table ${name}`);
    return keys;
  };
  const leadingKey = (name: string, item: Item | undefined) =>
    scalarText(item?.[keysOf(name).partitionKey], `The partition key of a ${operation} item of ${name}`);
  const onItem = (action: string, spec: DynamoBody, context: Record<string, string> = {}) => ({
    action: `dynamodb:${action}`,
    resource: tableArn(spec.TableName),
    context: { 'dynamodb:LeadingKeys': [leadingKey(spec.TableName, spec.Key ?? spec.Item)], ...context },
  });
  const perTable = (leadingKeysOf: (name: string, entry: unknown) => string[]) =>
    Object.entries(body.RequestItems ?? {}).map(([name, entry]) => ({
      action: `dynamodb:${operation}`,
      resource: tableArn(name),
      context: { 'dynamodb:LeadingKeys': unique(leadingKeysOf(name, entry)) },
    }));
  const onTableOrIndex = (context: AuthorizationRequest['context']) => ({
    action: `dynamodb:${operation}`,
    resource: body.IndexName ? `${tableArn(body.TableName)}/index/${body.IndexName}` : tableArn(body.TableName),
    context,
  });
  switch (operation) {
    case 'GetItem':
    case 'PutItem':
    case 'UpdateItem':
    case 'DeleteItem':
      return [onItem(operation, body)];
    case 'Query':
      return [onTableOrIndex({ 'dynamodb:LeadingKeys': [queriedPartition(body, keysOf(body.TableName))] })];
    case 'Scan':
      return [onTableOrIndex({})];
    case 'DescribeTable':
      return [{ action: 'dynamodb:DescribeTable', resource: tableArn(body.TableName), context: {} }];
    case 'BatchGetItem':
      return perTable((name, entry) => (entry as { Keys: Item[] }).Keys.map((key) => leadingKey(name, key)));
    case 'BatchWriteItem':
      return perTable((name, entry) =>
        (entry as { PutRequest?: { Item: Item }; DeleteRequest?: { Key: Item } }[]).map((write) =>
          leadingKey(name, write.PutRequest?.Item ?? write.DeleteRequest?.Key),
        ),
      );
    case 'TransactWriteItems':
      return (body.TransactItems ?? []).map((entry) => {
        const [kind, spec] = Object.entries(entry)[0] ?? [];
        const action = own(transactWriteActions, kind ?? '');
        if (!action || !spec) throw unknownOperation('dynamodb', `TransactWriteItems entry ${kind}`);
        return onItem(action, spec, { 'dynamodb:EnclosingOperation': operation });
      });
    case 'TransactGetItems':
      return (body.TransactItems ?? []).map((entry) => {
        if (!entry.Get) throw unknownOperation('dynamodb', `TransactGetItems entry ${Object.keys(entry)[0]}`);
        return onItem('GetItem', entry.Get, { 'dynamodb:EnclosingOperation': operation });
      });
    default:
      throw unknownOperation('dynamodb', operation);
  }
}

const transactWriteActions: Record<string, string> = {
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  ConditionCheck: 'ConditionCheckItem',
};

/** `name = :value` or `:value = name`, and not `<=`, `>=` nor `<>`. */
const equality = /([#:]?[\w.-]+)\s*(?<![<>!])=\s*([#:]?[\w.-]+)/g;

/**
 * The partition a Query reads: the value its key condition gives the partition key of what it queries. On an index
 * that is the index's partition key, the only partition value such a request holds (AWS's reference describes
 * dynamodb:LeadingKeys as the first partition key and documents grants of it on a table and its index together).
 */
function queriedPartition(body: DynamoBody, keys: TableKeys) {
  const attribute = body.IndexName ? own(keys.indexes, body.IndexName) : keys.partitionKey;
  if (!attribute) throw new Error(`The IAM proxy does not know index ${body.IndexName} of table ${body.TableName}`);
  const what = `The partition key ${attribute} of a Query of ${body.TableName}`;
  const legacy = body.KeyConditions?.[attribute];
  if (legacy?.ComparisonOperator === 'EQ') return scalarText(legacy.AttributeValueList?.[0], what);
  const names = body.ExpressionAttributeNames ?? {};
  for (const [, left, right] of (body.KeyConditionExpression ?? '').matchAll(equality)) {
    const [name, placeholder] = left!.startsWith(':') ? [right!, left!] : [left!, right!];
    if ((names[name] ?? name) === attribute) return scalarText(body.ExpressionAttributeValues?.[placeholder], what);
  }
  throw new Error(`${what} has no equality in ${body.KeyConditionExpression ?? '(no key condition)'}`);
}
