// The IAM authorizations AWS makes for a signed SDK request: each action, resource ARN and condition keys the
// service checks before it answers. The lane's IAM proxy (iam-proxy.ts) evaluates them against the calling
// function's role policies. An operation not listed here throws: the lane authorizes only calls it knows.
import { type TableNames, tables } from '../../functions/store/tables.ts';

export interface AwsRequest {
  /** The service's signing name, from the credential scope: dynamodb, lambda, ses, secretsmanager, … */
  service: string;
  method: string;
  /** With its query string. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** The attribute names of a table's partition key and of each of its indexes' partition keys. */
export interface TableKeys {
  partitionKey: string;
  indexes: Record<string, string>;
}

export interface RequestOptions {
  account: string;
  region: string;
  /** By physical table name. */
  tables: Record<string, TableKeys>;
  /** The deployment group ARN of a CodeDeploy deployment. */
  deploymentGroupOf?: (deploymentId: string) => string | undefined;
}

export interface AuthorizationRequest {
  action: string;
  resource: string;
  context: Record<string, string | string[]>;
}

export interface CredentialScope {
  accessKeyId: string;
  region: string;
  service: string;
}

/** The caller and service of a SigV4 Authorization header (`… Credential=<AKID>/<date>/<region>/<service>/aws4_request, …`). */
export function credentialScope(authorization: string | undefined): CredentialScope | undefined {
  const match = /Credential=([^/\s,]+)\/\d{8}\/([^/\s,]+)\/([^/\s,]+)\/aws4_request/.exec(authorization ?? '');
  return match ? { accessKeyId: match[1]!, region: match[2]!, service: match[3]! } : undefined;
}

/** The key schemas of the app's tables (functions/store/tables.ts) under their physical names. */
export function tableKeys(names: TableNames): Record<string, TableKeys> {
  return Object.fromEntries(
    tables.map((table) => [
      names[table.id],
      {
        partitionKey: table.partitionKey.name,
        indexes: Object.fromEntries(table.indexes.map((index) => [index.indexName, index.partitionKey.name])),
      },
    ]),
  );
}

const unknownOperation = (service: string, operation: string) =>
  new Error(`The IAM proxy does not know the authorization AWS makes for ${service} ${operation}`);

function header(headers: AwsRequest['headers'], name: string) {
  const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(found) ? found[0] : found;
}

/** The operation of an awsJson request, from its X-Amz-Target `<prefix>.<Operation>`. */
function targetOperation(request: AwsRequest, prefix: string) {
  const target = header(request.headers, 'x-amz-target') ?? '';
  if (!target.startsWith(`${prefix}.`)) throw unknownOperation(request.service, `target ${target || '(none)'}`);
  return target.slice(prefix.length + 1);
}

/** The record's own entry: a request's name (`constructor`, …) finds nothing inherited. */
const own = <T>(record: Record<string, T>, key: string) => (Object.hasOwn(record, key) ? record[key] : undefined);

const jsonBody = (request: AwsRequest) => (request.body ? JSON.parse(request.body) : {});
const urlOf = (request: AwsRequest) => new URL(request.path, 'http://aws');
const unique = (values: string[]) => [...new Set(values)];

// DynamoDB ---------------------------------------------------------------------------------------------------------

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

function dynamoRequests(request: AwsRequest, options: RequestOptions): AuthorizationRequest[] {
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

// Lambda -----------------------------------------------------------------------------------------------------------

/** A function's ARN from the FunctionName an Invoke gives (name, name:alias, partial or full ARN) and its Qualifier. */
function functionArn(name: string, qualifier: string | null, { region, account }: RequestOptions) {
  const arn = name.startsWith('arn:')
    ? name
    : /^\d{12}:function:/.test(name)
      ? `arn:aws:lambda:${region}:${name}`
      : `arn:aws:lambda:${region}:${account}:function:${name}`;
  const qualified = arn.split(':').length > 7;
  return qualifier && !qualified ? `${arn}:${qualifier}` : arn;
}

function lambdaRequests(request: AwsRequest, options: RequestOptions): AuthorizationRequest[] {
  const url = urlOf(request);
  const match = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(url.pathname);
  if (request.method !== 'POST' || !match) throw unknownOperation('lambda', `${request.method} ${url.pathname}`);
  const resource = functionArn(decodeURIComponent(match[1]!), url.searchParams.get('Qualifier'), options);
  return [{ action: 'lambda:InvokeFunction', resource, context: {} }];
}

// SES v2 -----------------------------------------------------------------------------------------------------------

/** `Name <address>` or a bare address. */
function mailbox(text: string) {
  const match = /^\s*(?:"?([^"<]*?)"?\s*)<([^>]+)>\s*$/.exec(text);
  return match
    ? { address: match[2]!.trim(), displayName: match[1]!.trim() }
    : { address: text.trim(), displayName: '' };
}

interface SendEmailBody {
  FromEmailAddress?: string;
  FromEmailAddressIdentityArn?: string;
  Destination?: { ToAddresses?: string[]; CcAddresses?: string[]; BccAddresses?: string[] };
}

function sesRequests(request: AwsRequest, options: RequestOptions): AuthorizationRequest[] {
  const { pathname } = urlOf(request);
  if (request.method !== 'POST' || pathname !== '/v2/email/outbound-emails')
    throw unknownOperation('ses', `${request.method} ${pathname}`);
  const body = jsonBody(request) as SendEmailBody;
  if (!body.FromEmailAddress) throw new Error('The IAM proxy needs the FromEmailAddress of a SendEmail');
  const from = mailbox(body.FromEmailAddress);
  const domain = from.address.slice(from.address.lastIndexOf('@') + 1);
  const { ToAddresses = [], CcAddresses = [], BccAddresses = [] } = body.Destination ?? {};
  return [
    {
      action: 'ses:SendEmail',
      resource:
        body.FromEmailAddressIdentityArn ?? `arn:aws:ses:${options.region}:${options.account}:identity/${domain}`,
      context: {
        'ses:ApiVersion': '2',
        'ses:FromAddress': from.address,
        ...(from.displayName && { 'ses:FromDisplayName': from.displayName }),
        'ses:Recipients': [...ToAddresses, ...CcAddresses, ...BccAddresses].map((to) => mailbox(to).address),
      },
    },
  ];
}

// Secrets Manager --------------------------------------------------------------------------------------------------

const onOneSecret = new Set([
  'GetSecretValue',
  'DescribeSecret',
  'PutSecretValue',
  'UpdateSecretVersionStage',
  'ListSecretVersionIds',
  'UpdateSecret',
  'RotateSecret',
  'CancelRotateSecret',
  'DeleteSecret',
  'RestoreSecret',
]);
const onNoSecret = new Set(['GetRandomPassword', 'ListSecrets']);

function secretsRequests(request: AwsRequest, options: RequestOptions): AuthorizationRequest[] {
  const operation = targetOperation(request, 'secretsmanager');
  const action = `secretsmanager:${operation}`;
  if (onNoSecret.has(operation)) return [{ action, resource: '*', context: {} }];
  if (!onOneSecret.has(operation)) throw unknownOperation('secretsmanager', operation);
  const { SecretId, VersionId, VersionStage } = jsonBody(request) as Record<string, string | undefined>;
  if (!SecretId) throw new Error(`The IAM proxy needs the SecretId of a ${operation}`);
  // A name stands for the secret's ARN; AWS would complete it with the secret's random suffix, which only the
  // service knows.
  const resource = SecretId.startsWith('arn:')
    ? SecretId
    : `arn:aws:secretsmanager:${options.region}:${options.account}:secret:${SecretId}`;
  const context = {
    'secretsmanager:SecretId': SecretId,
    ...(VersionId && { 'secretsmanager:VersionId': VersionId }),
    ...(VersionStage && { 'secretsmanager:VersionStage': VersionStage }),
  };
  return [{ action, resource, context }];
}

// EventBridge Scheduler --------------------------------------------------------------------------------------------

const scheduleActions: Record<string, string> = {
  POST: 'CreateSchedule',
  PUT: 'UpdateSchedule',
  GET: 'GetSchedule',
  DELETE: 'DeleteSchedule',
};

function schedulerRequests(request: AwsRequest, options: RequestOptions): AuthorizationRequest[] {
  const url = urlOf(request);
  if (request.method === 'GET' && url.pathname === '/schedules')
    return [{ action: 'scheduler:ListSchedules', resource: '*', context: {} }];
  const match = /^\/schedules\/([^/]+)$/.exec(url.pathname);
  const operation = match && own(scheduleActions, request.method);
  if (!operation) throw unknownOperation('scheduler', `${request.method} ${url.pathname}`);
  const body = (request.method === 'POST' || request.method === 'PUT' ? jsonBody(request) : {}) as {
    GroupName?: string;
    Target?: { RoleArn?: string };
  };
  const group = body.GroupName ?? url.searchParams.get('groupName') ?? 'default';
  const name = decodeURIComponent(match[1]!);
  const schedule = {
    action: `scheduler:${operation}`,
    resource: `arn:aws:scheduler:${options.region}:${options.account}:schedule/${group}/${name}`,
    context: {},
  };
  const role = body.Target?.RoleArn;
  if (!role) return [schedule];
  return [
    schedule,
    { action: 'iam:PassRole', resource: role, context: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
  ];
}

// CodeDeploy -------------------------------------------------------------------------------------------------------

function codeDeployRequests(request: AwsRequest, options: RequestOptions): AuthorizationRequest[] {
  const operation = targetOperation(request, 'CodeDeploy_20141006');
  if (operation !== 'PutLifecycleEventHookExecutionStatus') throw unknownOperation('codedeploy', operation);
  const { deploymentId } = jsonBody(request) as { deploymentId?: string };
  const group = deploymentId && options.deploymentGroupOf?.(deploymentId);
  if (!group) throw new Error(`The IAM proxy knows no deployment group of deployment ${deploymentId}`);
  return [{ action: `codedeploy:${operation}`, resource: group, context: {} }];
}

// CloudFront -------------------------------------------------------------------------------------------------------

const distributionActions: Record<string, string> = { GET: 'GetDistribution' };
const distributionConfigActions: Record<string, string> = { GET: 'GetDistributionConfig', PUT: 'UpdateDistribution' };

function cloudFrontRequests(request: AwsRequest, options: RequestOptions): AuthorizationRequest[] {
  const { pathname } = urlOf(request);
  const match = /^\/2020-05-31\/distribution\/([^/]+)(\/config)?$/.exec(pathname);
  const operation = match && own(match[2] ? distributionConfigActions : distributionActions, request.method);
  if (!operation) throw unknownOperation('cloudfront', `${request.method} ${pathname}`);
  const resource = `arn:aws:cloudfront::${options.account}:distribution/${decodeURIComponent(match[1]!)}`;
  return [{ action: `cloudfront:${operation}`, resource, context: {} }];
}

const byService: Record<string, (request: AwsRequest, options: RequestOptions) => AuthorizationRequest[]> = {
  dynamodb: dynamoRequests,
  lambda: lambdaRequests,
  ses: sesRequests,
  secretsmanager: secretsRequests,
  scheduler: schedulerRequests,
  codedeploy: codeDeployRequests,
  cloudfront: cloudFrontRequests,
};

/** Every authorization AWS makes before it answers the request; all must allow it. */
export function authorizationRequests(request: AwsRequest, options: RequestOptions): AuthorizationRequest[] {
  const requests = own(byService, request.service);
  if (!requests) throw unknownOperation(request.service, `${request.method} ${request.path}`);
  return requests(request, options);
}
