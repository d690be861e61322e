import { CfnOutput, Duration, Stack } from 'aws-cdk-lib';
import type { CfnStage, HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IAlarm,
  type IMetric,
  MathExpression,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { type ITable, Operation } from 'aws-cdk-lib/aws-dynamodb';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { FilterPattern, LogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { Key } from 'aws-cdk-lib/aws-kms';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { liveAlias, logRetention } from './lambda-function.ts';

export interface ObservabilityProps {
  api: HttpApi;
  /** The area functions by area name. */
  areaFunctions: Record<string, NodejsFunction>;
  projector: NodejsFunction;
  jobs: NodejsFunction;
  /** The dead-letter queues by what they keep. */
  deadLetterQueues: Record<string, IQueue>;
  tables: Record<string, ITable>;
}

const minute = Duration.minutes(1);
// The operations the app uses; one alarm's metric math may name at most 10 metrics.
const tableOperations = [
  Operation.GET_ITEM,
  Operation.BATCH_GET_ITEM,
  Operation.QUERY,
  Operation.SCAN,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.BATCH_WRITE_ITEM,
];
// Only the request's own facts: no header is logged, so no token or origin secret reaches the log.
const accessLogFormat = JSON.stringify({
  requestId: '$context.requestId',
  time: '$context.requestTime',
  ip: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
  route: '$context.routeKey',
  status: '$context.status',
  ms: '$context.responseLatency',
  integrationMs: '$context.integrationLatency',
  integrationStatus: '$context.integrationStatus',
  bytes: '$context.responseLength',
  error: '$context.error.message',
});

/**
 * What the operator watches: the API's access log, alarms to one SNS topic, and one dashboard. Function metrics
 * are the `live` alias's, so they are the ones CodeDeploy watches while it shifts traffic.
 */
export class Observability extends Construct {
  readonly topic: Topic;
  readonly dashboard: Dashboard;
  /** The alarms that roll back a deploy of each function (infra/aws/deploys.ts). */
  readonly rollbackAlarms = new Map<NodejsFunction, IAlarm[]>();
  private readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: ObservabilityProps) {
    super(scope, id);
    const { api, areaFunctions, projector, jobs } = props;
    const stack = Stack.of(this);
    // Encrypted with a key of our own, which CloudWatch may use to publish (it cannot use the AWS-managed SNS key),
    // and refusing any publish or subscribe that is not over TLS.
    const topicKey = new Key(this, 'alarmTopicKey', {
      enableKeyRotation: true,
      description: 'Encrypts the alarm topic; CloudWatch alarms publish with it',
    });
    topicKey.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new Topic(this, 'alarmTopic', {
      displayName: `${stack.stackName} alarms`,
      masterKey: topicKey,
      enforceSSL: true,
    });
    new CfnOutput(stack, 'AlarmTopicArn', { value: this.topic.topicArn, description: 'Subscribe to get the alarms' });

    const accessLogs = new LogGroup(this, 'apiAccessLogs', { retention: logRetention });
    (api.defaultStage!.node.defaultChild as CfnStage).accessLogSettings = {
      destinationArn: accessLogs.logGroupArn,
      format: accessLogFormat,
    };

    const serverErrors = api.metricServerError({ statistic: 'Sum', period: minute, label: '5xx' });
    const requests = api.metricCount({ statistic: 'Sum', period: minute, label: 'requests' });
    const serverErrorRate = new MathExpression({
      expression: 'IF(requests > 0, 100 * errors / requests, 0)',
      usingMetrics: { errors: serverErrors, requests },
      period: minute,
      label: '5xx %',
    });
    const api5xx = this.alarm('api5xxRate', serverErrorRate, 5, 'More than 5% of API requests answered 5xx', 3, 2);

    const functions = { ...areaFunctions, projector, jobs };
    for (const [name, fn] of Object.entries(functions)) {
      const live = liveAlias(fn);
      this.rollbackAlarms.set(fn, [
        this.alarm(`${name}Errors`, live.metricErrors({ period: minute }), 1, `The ${name} function threw errors`),
        this.alarm(
          `${name}Throttles`,
          live.metricThrottles({ period: minute }),
          1,
          `The ${name} function was throttled`,
        ),
      ]);
    }
    // A canary of any area answering 5xx rolls it back.
    for (const fn of Object.values(areaFunctions)) this.rollbackAlarms.get(fn)!.push(api5xx);

    const iteratorAge = liveAlias(projector).metric('IteratorAge', { statistic: 'Maximum', period: minute });
    const projectorLag = this.alarm(
      'projectorIteratorAge',
      iteratorAge,
      Duration.minutes(5).toMilliseconds(),
      'The projector is more than 5 minutes behind the events stream',
      3,
    );
    this.rollbackAlarms.get(projector)!.push(projectorLag);

    // A message stays until someone looks: not a rollback alarm, or every later deploy would roll back.
    const queueDepths = Object.entries(props.deadLetterQueues).map(([name, queue]) => {
      const depth = queue.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', label: name });
      this.alarm(`${name}DlqNotEmpty`, depth, 1, `The ${name} dead-letter queue holds messages`);
      return depth;
    });

    for (const [name, table] of Object.entries(props.tables)) {
      const throttled = table.metricThrottledRequestsForOperations({ operations: tableOperations, period: minute });
      this.alarm(`${name}TableThrottled`, throttled, 1, `Requests to the ${name} table were throttled`);
    }

    // The jobs function writes one 'Job finished' line per run, with its status (functions/jobs/handler.ts).
    const jobOutcome = (status: 'succeeded' | 'failed') =>
      new MetricFilter(this, `jobs${status}`, {
        logGroup: jobs.logGroup,
        filterPattern: FilterPattern.all(
          FilterPattern.stringValue('$.message', '=', 'Job finished'),
          FilterPattern.stringValue('$.status', '=', status),
        ),
        metricNamespace: `Pickem/${stack.stackName}`,
        metricName: status === 'failed' ? 'JobsFailed' : 'JobsSucceeded',
        metricValue: '1',
      }).metric({ statistic: 'Sum', label: status });
    const [jobsSucceeded, jobsFailed] = [jobOutcome('succeeded'), jobOutcome('failed')];
    this.rollbackAlarms.get(jobs)!.push(this.alarm('jobsFailedRuns', jobsFailed, 1, 'A job run failed'));

    const areaNames = Object.keys(areaFunctions);
    const durations = (statistic: string) =>
      areaNames.map((name) => liveAlias(areaFunctions[name]!).metricDuration({ statistic, label: name }));
    this.dashboard = new Dashboard(this, 'dashboard', { dashboardName: stack.stackName });
    this.dashboard.addWidgets(
      graph('Requests', [requests], [serverErrors]),
      graph('API latency p50 / p99', [
        api.metricLatency({ statistic: 'p50', label: 'p50' }),
        api.metricLatency({ statistic: 'p99', label: 'p99' }),
      ]),
      graph('Errors', [
        serverErrors,
        ...Object.entries(functions).map(([n, f]) => liveAlias(f).metricErrors({ label: n })),
      ]),
    );
    this.dashboard.addWidgets(
      graph('Latency p50 by area', durations('p50')),
      graph('Latency p99 by area', durations('p99')),
    );
    this.dashboard.addWidgets(
      graph('Projector lag (iterator age)', [iteratorAge]),
      graph('Job outcomes', [jobsSucceeded, jobsFailed], queueDepths),
      new AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 8 }),
    );
    new CfnOutput(stack, 'DashboardName', { value: this.dashboard.dashboardName });
  }

  private alarm(
    id: string,
    metric: IMetric,
    threshold: number,
    description: string,
    periods = 1,
    datapoints = periods,
  ) {
    const alarm = new Alarm(this, id, {
      metric,
      threshold,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: periods,
      datapointsToAlarm: datapoints,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
    });
    const action = new SnsAction(this.topic);
    alarm.addAlarmAction(action);
    alarm.addOkAction(action);
    this.alarms.push(alarm);
    return alarm;
  }
}

const graph = (title: string, left: IMetric[], right: IMetric[] = []) =>
  new GraphWidget({ title, left, right, width: 8 });
