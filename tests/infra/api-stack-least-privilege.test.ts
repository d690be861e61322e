// The API stack's least privilege: what each function may read, write, send and invoke, and who may manage the
// process schedules.
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { takesRequestKey } from '#domain/contracts/contract.ts';
import { areas, routes } from '../../functions/http/routes.ts';
import { anyTotalsPartition } from '../../functions/views/total-key.ts';
import { actionsOf, allowStatements, logicalId, roleStatements, synthPickem } from './pickem-app.ts';
import { synthApiStack } from './api-stack-template.ts';

const { data, api, web, template, resources, aliasId, statementsOf, importOf } = synthApiStack();
// Any folder as the site brings the web deployment's Lambda role into the wildcard check.
const withDeployment = synthPickem({}, { siteDir: new URL('.', import.meta.url).pathname });
const touches = (statement: { Resource: unknown }, exportPrefix: string) =>
  JSON.stringify(statement.Resource).includes(exportPrefix);
const dynamoWrites = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

describe('api stack: least privilege', () => {
  // A team map is built by its writers only (store/team-map.ts): the reads build none.
  const builtCacheWrites = [
    {
      actions: ['dynamodb:UpdateItem'],
      condition: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': ['SEASONS'] } },
    },
  ];
  const stampUpdates = {
    actions: ['dynamodb:UpdateItem'],
    condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['STAMP#*'] } },
  };
  const stateWrites = (fn: (typeof api.areaFunctions)['auth']) =>
    statementsOf(fn)
      .filter((s) => touches(s, importOf('state', 'Arn')))
      .filter((s) => actionsOf(s).some((action) => dynamoWrites.includes(action)))
      .map((s) => ({ actions: actionsOf(s), condition: s.Condition }));

  it('lets the catalogue function read the state table and write only the caches a read builds (week lists)', () => {
    const statements = statementsOf(api.areaFunctions.catalogue);
    expect(
      statements.some((s) => touches(s, importOf('state', 'Arn')) && actionsOf(s).includes('dynamodb:Query')),
    ).toBe(true);
    expect(stateWrites(api.areaFunctions.catalogue)).toEqual(builtCacheWrites);
    expect(statements.filter((s) => actionsOf(s).some((action) => dynamoWrites.includes(action)))).toHaveLength(1);
  });

  it('lets the leaderboard function read the state and views tables and write only the caches a read builds', () => {
    const statements = statementsOf(api.areaFunctions.leaderboard);
    for (const table of ['state', 'views'] as const)
      expect(
        statements.some((s) => touches(s, importOf(table, 'Arn')) && actionsOf(s).includes('dynamodb:Query')),
        table,
      ).toBe(true);
    expect(stateWrites(api.areaFunctions.leaderboard)).toEqual(builtCacheWrites);
    expect(statements.filter((s) => actionsOf(s).some((action) => dynamoWrites.includes(action)))).toHaveLength(1);
  });

  it('lets the imports function read and write the state table (jobs, their records) and never touch the views', () => {
    const statements = statementsOf(api.areaFunctions.imports);
    expect(
      statements.some(
        (s) => touches(s, importOf('state', 'Arn')) && actionsOf(s).includes('dynamodb:PutItem') && !s.Condition,
      ),
    ).toBe(true);
    expect(statements.filter((s) => touches(s, importOf('views', 'Arn')))).toEqual([]);
  });

  it('lets only the bets and spreads functions (and the jobs function) append to the events table; bets writes to state only the caches a read builds, the version stamps and its request keys', () => {
    const writesEvents = (fn: (typeof api.areaFunctions)['auth']) =>
      statementsOf(fn).some((s) => touches(s, importOf('events', 'Arn')) && actionsOf(s).includes('dynamodb:PutItem'));
    expect(writesEvents(api.areaFunctions.bets)).toBe(true);
    expect(writesEvents(api.areaFunctions.spreads)).toBe(true);
    expect(writesEvents(api.jobs)).toBe(true);
    for (const area of areas.filter((name) => name !== 'bets' && name !== 'spreads'))
      expect(writesEvents(api.areaFunctions[area]), area).toBe(false);
    // After a slip command, the client week's version stamp (functions/store/stamps.ts); a pick saved under a request
    // key, its record (functions/store/request-keys.ts).
    const requestKeys = {
      actions: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
      condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['REQUEST#*'] } },
    };
    expect(stateWrites(api.areaFunctions.bets)).toEqual([...builtCacheWrites, stampUpdates, requestKeys]);
  });

  it('lets every area with a change a request key makes once write the state table, or at least its request keys', () => {
    for (const area of areas) {
      const keyed = Object.values(routes).some(
        (route) => route.area === area && takesRequestKey(route.contract, route.access === 'public'),
      );
      if (!keyed) continue;
      const writes = stateWrites(api.areaFunctions[area]);
      for (const action of ['dynamodb:PutItem', 'dynamodb:UpdateItem'])
        expect(
          writes.some(
            (write) =>
              write.actions.includes(action) &&
              (!write.condition ||
                JSON.stringify(write.condition) ===
                  JSON.stringify({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['REQUEST#*'] } })),
          ),
          `${area} ${action}`,
        ).toBe(true);
    }
  });

  it("lets the users function read the views and update there only the week totals a player's rename reaches", () => {
    const statements = statementsOf(api.areaFunctions.users);
    expect(
      statements.some((s) => touches(s, importOf('views', 'Arn')) && actionsOf(s).includes('dynamodb:GetItem')),
    ).toBe(true);
    const viewWrites = statements
      .filter((s) => touches(s, importOf('views', 'Arn')))
      .filter((s) => actionsOf(s).some((action) => dynamoWrites.includes(action)))
      .map((s) => ({ actions: actionsOf(s), condition: s.Condition }));
    expect(viewWrites).toEqual([
      {
        actions: ['dynamodb:UpdateItem'],
        condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [anyTotalsPartition] } },
      },
    ]);
  });

  it('lets the projector write only the views table, update the version stamps in the state table, and read a stream after a gap', () => {
    const reads = statementsOf(api.projector).filter((s) => touches(s, importOf('events', 'Arn')));
    expect(reads.some((s) => actionsOf(s).includes('dynamodb:Query'))).toBe(true);
    expect(reads.filter((s) => actionsOf(s).some((a) => dynamoWrites.includes(a)))).toEqual([]);
    const writes = statementsOf(api.projector).filter((s) => actionsOf(s).some((a) => dynamoWrites.includes(a)));
    expect(writes.length).toBeGreaterThan(0);
    for (const statement of writes)
      if (!touches(statement, importOf('views', 'Arn'))) {
        expect(touches(statement, importOf('state', 'Arn'))).toBe(true);
        expect({ actions: actionsOf(statement), condition: statement.Condition }).toEqual(stampUpdates);
      }
  });

  it('lets only the functions that mail (auth, users, and the jobs: reminders, nudges, announcements, Contact Admin) send e-mail, and only as the configured sender', () => {
    const mailers: readonly string[] = ['auth', 'users'];
    const sendsOf = (fn: Parameters<typeof statementsOf>[0]) =>
      statementsOf(fn).filter((s) => actionsOf(s).some((a) => a.startsWith('ses:')));
    const identity = (name: string) => ({
      'Fn::Join': ['', ['arn:aws:ses:us-east-1:', { Ref: 'AWS::AccountId' }, `:identity/${name}`]],
    });
    // The default sender (context mailFrom): its address, or its domain verified as the identity.
    const asSender = {
      Effect: 'Allow',
      Action: ['ses:SendEmail', 'ses:SendRawEmail'],
      Resource: [identity('example.com'), identity('no-reply@example.com')],
      Condition: { StringEquals: { 'ses:FromAddress': 'no-reply@example.com' } },
    };
    for (const area of areas) {
      const sends = sendsOf(api.areaFunctions[area]);
      expect(sends, area).toEqual(mailers.includes(area) ? [asSender] : []);
    }
    expect(sendsOf(api.jobs)).toEqual([asSender]);
  });

  it('lets the mailers send only from the mailFrom context, display name or not', () => {
    const { api: other } = synthPickem({ mailFrom: 'Pickem <picks@mail.pickem.example>' });
    const [send] = roleStatements(Template.fromStack(other), logicalId(other.areaFunctions.auth.role!)).filter((s) =>
      actionsOf(s).includes('ses:SendEmail'),
    );
    expect(JSON.stringify(send!.Resource)).toContain(':identity/mail.pickem.example"');
    expect(JSON.stringify(send!.Resource)).toContain(':identity/picks@mail.pickem.example"');
    expect(send!.Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'picks@mail.pickem.example' } });
  });

  it('lets every area function, and no other, invoke the jobs function and read the JWT secret (jobs read only The Odds API key)', () => {
    for (const area of areas) {
      const actions = statementsOf(api.areaFunctions[area]).flatMap(actionsOf);
      expect(actions).toEqual(expect.arrayContaining(['lambda:InvokeFunction', 'secretsmanager:GetSecretValue']));
      const invokes = statementsOf(api.areaFunctions[area]).filter((s) =>
        actionsOf(s).includes('lambda:InvokeFunction'),
      );
      expect(invokes.map((s) => s.Resource)).toEqual([{ Ref: aliasId(api.jobs) }]);
    }
    const projectorActions = statementsOf(api.projector).flatMap(actionsOf);
    expect(projectorActions.filter((a) => a.startsWith('secretsmanager:') || a.startsWith('lambda:'))).toEqual([]);
    // The jobs function reads two secrets, The Odds API key and the VAPID key pair, and never the JWT secret.
    const jobsSecrets = statementsOf(api.jobs).filter((statement) =>
      actionsOf(statement).some((a) => a.startsWith('secretsmanager:')),
    );
    expect(jobsSecrets.map((statement) => statement.Resource)).toEqual([
      { Ref: logicalId(api.oddsApiKey) },
      { Ref: logicalId(api.vapidKeys) },
    ]);
    expect(
      statementsOf(api.jobs)
        .flatMap(actionsOf)
        .filter((a) => a.startsWith('lambda:')),
    ).toEqual([]);
  });

  it("grants no Allow statement every action ('*') or every action of a service (e.g. 'dynamodb:*')", () => {
    const templates = [data, api, web, withDeployment.web].map((stack) => Template.fromStack(stack));
    const wildcards = templates
      .flatMap(allowStatements)
      .flatMap(actionsOf)
      .filter((a) => a === '*' || a.endsWith(':*'));
    expect(wildcards).toEqual([]);
  });
});

describe('api stack: process schedules', () => {
  const groupName = api.resolve(api.scheduleGroup.name) as string;
  const schedulerRoleId = logicalId(api.schedulerRole);
  const schedulerActions = (statements: ReturnType<typeof statementsOf>) =>
    statements.filter((s) => actionsOf(s).some((a) => a.startsWith('scheduler:') || a === 'iam:PassRole'));

  it('has a schedule group for the process schedules', () => {
    template.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: groupName });
  });

  it("has a scheduler role that only EventBridge Scheduler assumes and that may only invoke the jobs function's live alias", () => {
    const role = resources[schedulerRoleId].Properties;
    expect(role.AssumeRolePolicyDocument.Statement).toEqual([
      expect.objectContaining({ Principal: { Service: 'scheduler.amazonaws.com' }, Action: 'sts:AssumeRole' }),
    ]);
    const statements = roleStatements(template, schedulerRoleId);
    expect(statements.flatMap(actionsOf)).toEqual(['lambda:InvokeFunction']);
    const targets = JSON.stringify(statements.map((s) => s.Resource));
    expect(statements.map((s) => s.Resource)).toEqual([{ Ref: aliasId(api.jobs) }]);
    for (const area of areas) expect(targets).not.toContain(logicalId(api.areaFunctions[area]));
  });

  it("lets the processes function manage only the group's schedules and pass only the scheduler role", () => {
    const statements = schedulerActions(statementsOf(api.areaFunctions.processes));
    const manage = statements.find((s) => actionsOf(s).includes('scheduler:CreateSchedule'))!;
    expect(actionsOf(manage).sort()).toEqual([
      'scheduler:CreateSchedule',
      'scheduler:DeleteSchedule',
      'scheduler:GetSchedule',
      'scheduler:UpdateSchedule',
    ]);
    expect(JSON.stringify(manage.Resource)).toContain(`:schedule/${groupName}/*`);
    const pass = statements.find((s) => actionsOf(s).includes('iam:PassRole'))!;
    expect(actionsOf(pass)).toEqual(['iam:PassRole']);
    expect(pass.Resource).toEqual({ 'Fn::GetAtt': [schedulerRoleId, 'Arn'] });
    // Listing takes no resource in IAM: on '*' it is the one scheduler action, in one statement with X-Ray's upload
    // (CDK merges statements on the same resource), which takes none either.
    const others = statements.filter((s) => s !== manage && s !== pass);
    expect(others.map((s) => s.Resource)).toEqual(['*']);
    expect(others.flatMap(actionsOf).filter((a) => !a.startsWith('xray:'))).toEqual(['scheduler:ListSchedules']);
  });

  it('lets the jobs function set only the Live Scores and Pick Reminders schedules (never delete one) and pass only the scheduler role', () => {
    const statements = schedulerActions(statementsOf(api.jobs));
    const manage = statements.find((s) => actionsOf(s).includes('scheduler:UpdateSchedule'))!;
    expect(actionsOf(manage).sort()).toEqual([
      'scheduler:CreateSchedule',
      'scheduler:GetSchedule',
      'scheduler:UpdateSchedule',
    ]);
    expect(JSON.stringify(manage.Resource)).toContain(`${groupName}/live-scores`);
    expect(JSON.stringify(manage.Resource)).toContain(`${groupName}/pick-reminders`);
    expect(manage.Resource).toHaveLength(2);
    const pass = statements.find((s) => actionsOf(s).includes('iam:PassRole'))!;
    expect(pass.Resource).toEqual({ 'Fn::GetAtt': [schedulerRoleId, 'Arn'] });
    expect(statements).toHaveLength(2);
  });

  it('gives no other function any scheduler action or iam:PassRole', () => {
    const others = [
      ...areas.filter((area) => area !== 'processes').map((area) => api.areaFunctions[area]),
      api.projector,
    ];
    for (const fn of others) expect(schedulerActions(statementsOf(fn))).toEqual([]);
    const allSchedulerGrants = allowStatements(template).filter((s) =>
      actionsOf(s).some((a) => a.startsWith('scheduler:') || a === 'iam:PassRole'),
    );
    expect(allSchedulerGrants).toHaveLength(5);
  });

  it("tells the processes function its group, the jobs function's live alias (the schedules' target) and the scheduler role", () => {
    expect(resources[logicalId(api.areaFunctions.processes)].Properties.Environment.Variables).toMatchObject({
      SCHEDULE_GROUP: groupName,
      JOBS_FUNCTION_ARN: { Ref: aliasId(api.jobs) },
      SCHEDULER_ROLE_ARN: { 'Fn::GetAtt': [schedulerRoleId, 'Arn'] },
    });
  });
});
