import {
  CfnOutput,
  type CfnResource,
  type CustomResourceProviderBase,
  Duration,
  Stack,
  type StackProps,
} from 'aws-cdk-lib';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { CfnStage, HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { ArnPrincipal, PolicyStatement, type Role } from 'aws-cdk-lib/aws-iam';
import { StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction, NodejsFunctionProps } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { CfnSchedule, CfnScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Trigger } from 'aws-cdk-lib/triggers';
import type { Construct, IConstruct } from 'constructs';
import { originVerifyHeader } from '../../functions/http/origin-guard.ts';
import { sendPasswordLink, signIn } from '#domain/contracts/auth.ts';
import { register } from '#domain/contracts/users.ts';
import { areaEntry, areas, routes, type Area } from '../../functions/http/routes.ts';
import { tables as definitions } from '../../functions/store/tables.ts';
import { areaGrants } from './area-grants.ts';
import type { TableId } from './data-stack.ts';
import { Deploys } from './deploys.ts';
import { liveAlias, logRetention, pickemFunction, powertoolsLayer } from './lambda-function.ts';
import { grantStampUpdates } from './partition-grants.ts';
import { Observability } from './observability.ts';
import { processSchedules } from './process-schedules.ts';
import { rotateEvery } from './secret-rotation.ts';

export interface ApiStackProps extends StackProps {
  tables: Record<TableId, Table>;
  mailFrom: string;
  /** Tenants are served at `{domain}.publicBaseDomain`; mailed links are built from it alone. */
  publicBaseDomain?: string | undefined;
  /** The import jobs' sports feed (SPORTS_PROVIDER): demo (default), espn or odds-api. */
  sportsProvider?: string | undefined;
}

/** Requests per second (steady, and in a burst) the API stage lets through, per route. */
export const apiThrottle = {
  everyRoute: { throttlingRateLimit: 1000, throttlingBurstLimit: 2000 },
  /** Sign-in, the password link and sign-up. */
  costly: { throttlingRateLimit: 10, throttlingBurstLimit: 20 },
};

/** The /Services HTTP API (one Lambda per area), the events-stream projector and the jobs Lambda. */
export class ApiStack extends Stack {
  readonly api: HttpApi;
  /** The value CloudFront sends in the origin-verify header; the area Lambdas refuse requests without it. */
  readonly originSecret: Secret;
  readonly originVerifyHeader = originVerifyHeader;
  readonly areaFunctions: Record<Area, NodejsFunction>;
  readonly projector: NodejsFunction;
  readonly jobs: NodejsFunction;
  readonly oddsApiKey: Secret;
  readonly vapidKeys: Secret;
  readonly jwtRotation: NodejsFunction;
  readonly scheduleGroup: CfnScheduleGroup;
  readonly maintenance: CfnSchedule;
  readonly schedulerRole: Role;
  readonly deadLetterQueues: { jobs: Queue; projector: Queue };
  readonly deploys: Deploys;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { events, state, views } = props.tables;
    const tableEnv = Object.fromEntries(definitions.map((t) => [t.envVar, props.tables[t.id].tableName]));
    const jwtSecret = new Secret(this, 'jwtSecret', {
      description: 'JWT signing key of the /Services API',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    // The API's default endpoint must stay on: it is CloudFront's origin. So CloudFront proves each request
    // came through it with this secret header, and a caller who finds the endpoint is refused (403).
    const originSecret = new Secret(this, 'originVerify', {
      description: 'Header value with which CloudFront proves a /Services request came through the distribution',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    this.originSecret = originSecret;
    const environment = {
      ...tableEnv,
      MAIL_FROM: props.mailFrom,
      ...(props.publicBaseDomain ? { PUBLIC_BASE_DOMAIN: props.publicBaseDomain } : {}),
      NODE_OPTIONS: '--enable-source-maps',
    };
    const layer = powertoolsLayer(this);
    // The JWT key rotates on its own; the origin value's rotation also writes CloudFront's copy (infra/aws/web-stack.ts).
    this.jwtRotation = rotateEvery(this, 'jwtRotation', { secret: jwtSecret, layer });
    const fn = (fnId: string, entry: string, extra: Partial<NodejsFunctionProps> = {}) =>
      pickemFunction(this, fnId, { entry, layer, ...extra, environment: { ...environment, ...extra.environment } });

    // A crashed or timed-out job is invoked again (its lease, no longer than the timeout, has expired by
    // then); one that keeps failing that way is kept in a dead-letter queue. Jobs are idempotent.
    const jobsDlq = new Queue(this, 'jobsDlq', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    // The Odds API key: created empty, the operator puts the key in it (README, Sports feeds).
    this.oddsApiKey = new Secret(this, 'oddsApiKey', { description: 'API key of The Odds API for the import jobs' });
    this.jobs = fn('jobs', 'functions/jobs/handler.ts', {
      timeout: Duration.minutes(5),
      memorySize: 1024,
      retryAttempts: 2,
      deadLetterQueue: jobsDlq,
      environment: {
        SPORTS_PROVIDER: props.sportsProvider ?? 'demo',
        ODDS_API_KEY_SECRET_ARN: this.oddsApiKey.secretArn,
      },
    });
    for (const table of [events, state, views]) table.grantReadWriteData(this.jobs);
    this.oddsApiKey.grantRead(this.jobs);
    // The maintenance invokes the jobs it requeues on the function's own live alias: a grant on the alias itself,
    // as one on the function's role would make the role depend on the alias that depends on the function.
    liveAlias(this.jobs).addPermission('maintenanceRequeues', { principal: new ArnPrincipal(this.jobs.role!.roleArn) });

    this.projector = fn('projector', 'functions/projector/handler.ts', { timeout: Duration.minutes(1) });
    views.grantReadWriteData(this.projector);
    state.grantReadData(this.projector);
    // A slip commit after a gap (a record that went to the DLQ) is projected from its whole stream as it now stands.
    events.grantReadData(this.projector);
    grantStampUpdates(this.projector, state);
    const projectorDlq = new Queue(this, 'projectorDlq', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    liveAlias(this.projector).addEventSource(
      new DynamoEventSource(events, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        bisectBatchOnError: true,
        retryAttempts: 5,
        reportBatchItemFailures: true,
        // Below the stream's 24 h retention, so a stuck batch lands in the DLQ instead of expiring unseen.
        maxRecordAge: Duration.hours(12),
        onFailure: new SqsDlq(projectorDlq),
      }),
    );

    const schedules = processSchedules(this, this.jobs);
    this.scheduleGroup = schedules.scheduleGroup;
    this.schedulerRole = schedules.schedulerRole;
    this.maintenance = schedules.maintenance;

    const grantsByArea = areaGrants({
      events,
      state,
      views,
      jobs: this.jobs,
      scheduleGroup: this.scheduleGroup,
      schedulerRole: this.schedulerRole,
    });
    this.areaFunctions = Object.fromEntries(
      areas.map((area) => {
        const handler = fn(`${area}Api`, areaEntry(area), {
          environment: {
            JOBS_FUNCTION_NAME: liveAlias(this.jobs).functionName,
            JWT_SECRET_ARN: jwtSecret.secretArn,
            ORIGIN_VERIFY_SECRET_ARN: originSecret.secretArn,
          },
        });
        jwtSecret.grantRead(handler);
        originSecret.grantRead(handler);
        // They invoke the live alias only (JOBS_FUNCTION_NAME), not every version of the function.
        liveAlias(this.jobs).grantInvoke(handler);
        grantsByArea[area](handler);
        return [area, handler];
      }),
    ) as Record<Area, NodejsFunction>;
    // The VAPID key pair of the pushes (docs/deploy.md, Push notifications). A stack cannot generate an EC key pair,
    // so the secret starts with a random value that holds none; the users area's push-key call, which every browser
    // makes before it can subscribe, puts the first pair (one version with a fixed token: of two calls at once, the
    // first one's pair is kept). Only it may put; the jobs, which push, only read.
    this.vapidKeys = new Secret(this, 'vapidKeys', {
      description: 'VAPID key pair of the Web Push notifications, put by the first push-key call',
    });
    for (const sender of [this.areaFunctions.users, this.jobs]) {
      sender.addEnvironment('VAPID_SECRET_ARN', this.vapidKeys.secretArn);
      sender.addToRolePolicy(
        new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [this.vapidKeys.secretArn] }),
      );
    }
    this.areaFunctions.users.addToRolePolicy(
      new PolicyStatement({ actions: ['secretsmanager:PutSecretValue'], resources: [this.vapidKeys.secretArn] }),
    );

    // Who mails: sign-in's password links (auth), sign-up and the users page's links (users), and the jobs (Pick
    // Reminders, the nudge, announcements, Contact Admin's messages, the users CSV import's account mails).
    const { auth, users } = this.areaFunctions;
    for (const sender of [auth, users, this.jobs]) sender.addToRolePolicy(sendOnlyAs(this, props.mailFrom));

    // Each deploy reconciles the Scheduler with the schedules in the state table (the processes function, invoked
    // by anything but API Gateway, reconciles).
    new Trigger(this, 'reconcileProcessSchedules', {
      handler: this.areaFunctions.processes,
      executeOnHandlerChange: true,
    });
    // The trigger's provider is CDK's own function, which would log to a group of its own making, kept forever.
    const triggerProvider = this.node
      .findChild('AWSCDK.TriggerCustomResourceProviderCustomResourceProvider')
      .node.findChild('Handler') as CfnResource;
    const triggerLogs = new LogGroup(this, 'triggerProviderLogs', { retention: logRetention });
    triggerProvider.addPropertyOverride('LoggingConfig', { LogGroup: triggerLogs.logGroupName });
    writeOnlyOwnLogs(this.node.findChild('AWSCDK.TriggerCustomResourceProviderCustomResourceProvider'), triggerLogs);

    this.api = new HttpApi(this, 'httpApi', { apiName: id });
    // Every route is throttled at the stage, and far lower the routes that cost a strong password hash or send a mail
    // to anyone's address: a flood there costs memory and mail, not only requests (docs/rules.md, Sign-in throttle).
    const stage = this.api.defaultStage!.node.defaultChild as CfnStage;
    stage.defaultRouteSettings = apiThrottle.everyRoute;
    // A JSON map in CloudFormation: its settings are spelled as the template spells them.
    const { throttlingRateLimit, throttlingBurstLimit } = apiThrottle.costly;
    stage.routeSettings = Object.fromEntries(
      [signIn, sendPasswordLink, register].map((contract) => [
        `${contract.method} ${contract.path}`,
        { ThrottlingRateLimit: throttlingRateLimit, ThrottlingBurstLimit: throttlingBurstLimit },
      ]),
    );
    const integrations = Object.fromEntries(
      areas.map((area) => [area, new HttpLambdaIntegration(`${area}Integration`, liveAlias(this.areaFunctions[area]))]),
    ) as Record<Area, HttpLambdaIntegration>;
    for (const route of Object.values(routes)) {
      const added = this.api.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: integrations[route.area],
      });
      // The stage's route settings name routes, which must exist before it.
      stage.node.addDependency(...added);
    }
    this.deadLetterQueues = { jobs: jobsDlq, projector: projectorDlq };
    const observability = new Observability(this, 'observability', {
      api: this.api,
      areaFunctions: this.areaFunctions,
      projector: this.projector,
      jobs: this.jobs,
      deadLetterQueues: this.deadLetterQueues,
      tables: props.tables,
    });
    this.deploys = new Deploys(this, 'deploys', {
      functions: [...Object.values(this.areaFunctions), this.projector, this.jobs],
      jobs: this.jobs,
      layer,
      rollbackAlarms: observability.rollbackAlarms,
    });
    new CfnOutput(this, 'ApiUrl', { value: this.api.apiEndpoint });
    // What `npm run bootstrap-admin` needs to mail the first administrator a link that works.
    new CfnOutput(this, 'MailFrom', { value: props.mailFrom });
    if (props.publicBaseDomain) new CfnOutput(this, 'PublicBaseDomain', { value: props.publicBaseDomain });
  }
}

/**
 * SES sends for a caller only from the configured sender: the address, or its domain verified as an identity (SES
 * checks whichever identity the account verified).
 */
function sendOnlyAs(stack: Stack, mailFrom: string) {
  const address = mailFrom.match(/<([^>]+)>/)?.[1] ?? mailFrom;
  const domain = address.slice(address.lastIndexOf('@') + 1);
  return new PolicyStatement({
    actions: ['ses:SendEmail', 'ses:SendRawEmail'],
    resources: [domain, address].map((identity) =>
      stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identity }),
    ),
    conditions: { StringEquals: { 'ses:FromAddress': address } },
  });
}

/**
 * A CDK provider's function (CustomResourceProvider) logs with AWS's managed basic execution role, which writes any
 * log group: instead, only the group it logs to.
 */
function writeOnlyOwnLogs(provider: IConstruct, logs: LogGroup) {
  (provider.node.findChild('Role') as CfnResource).addPropertyDeletionOverride('ManagedPolicyArns');
  (provider as CustomResourceProviderBase).addToRolePolicy({
    Effect: 'Allow',
    Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
    Resource: logs.logGroupArn,
  });
}
