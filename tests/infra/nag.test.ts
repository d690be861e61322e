// cdk-nag's AwsSolutions and Serverless packs over the whole app, its site deployment included. What they find and we
// accept is accepted on the resources it applies to, with why (infra/aws/nag-acceptances.ts); anything else they find
// fails the test, and so does an acceptance of what they no longer find there.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type App, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { describe, expect, it, vi } from 'vitest';
import { addPickemStacks } from '../../infra/aws/stacks.ts';
import { testFolder } from '../support/global-setup.ts';
import { actionsOf, allowStatements, pickemApp, synthPickem } from './pickem-app.ts';

/** Actions whose IAM resource can only be '*'. */
const actionsWithoutResource = [
  // X-Ray's trace upload names no resource.
  'xray:PutTraceSegments',
  'xray:PutTelemetryRecords',
  // The processes function lists the schedules of its own group; ListSchedules takes no resource.
  'scheduler:ListSchedules',
  // A stream event source finds its table's stream.
  'dynamodb:ListStreams',
  // CDK's RotationSchedule grant to a rotation function.
  'secretsmanager:GetRandomPassword',
];

interface Finding {
  rule: string;
  path: string;
}

interface Acceptance {
  path: string;
  id: string;
  reason: string;
}

const siteDir = new URL('.', import.meta.url).pathname;
const withDomain = {
  domainName: 'pickem.example.com',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
};

/** What both packs find in the app, synthesized as built. */
function nagFindings(app: App): Finding[] {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
  // The packs print every finding; the report file holds them.
  const quiet = [vi.spyOn(console, 'error'), vi.spyOn(console, 'log'), vi.spyOn(console, 'warn')].map((spy) =>
    spy.mockImplementation(() => undefined),
  );
  try {
    app.synth();
  } catch (error) {
    if ((error as Error).name !== 'ValidationFailed') throw error;
  } finally {
    for (const spy of quiet) spy.mockRestore();
  }
  const report = JSON.parse(readFileSync(join(app.outdir, 'validation-report.json'), 'utf8'));
  return report.pluginReports.flatMap((plugin: any) =>
    plugin.violations.flatMap((v: any) =>
      v.violatingConstructs.map((c: any) => ({ rule: v.ruleName, path: c.constructPath })),
    ),
  );
}

/** The app with a site, and its acceptances applied. */
function acceptedApp(context: Record<string, string> = {}) {
  const app = pickemApp(testFolder('pickem-nag-'), context);
  addPickemStacks(app, { siteDir });
  return app;
}

/** The app with a site, its acceptances recorded instead of applied: so the packs find what they accept too. */
function unacceptedApp(context: Record<string, string> = {}) {
  const app = pickemApp(testFolder('pickem-nag-'), context);
  const acceptances: Acceptance[] = [];
  const of = Validations.of.bind(Validations);
  const spy = vi.spyOn(Validations, 'of').mockImplementation((scope) => {
    const validations = of(scope);
    validations.acknowledge = (...rules) =>
      acceptances.push(...rules.map(({ id, reason }) => ({ path: scope.node.path, id, reason })));
    return validations;
  });
  try {
    addPickemStacks(app, { siteDir });
  } finally {
    spy.mockRestore();
  }
  return { app, acceptances: acceptances.filter(({ id }) => /^(AwsSolutions|Serverless)-/.test(id)) };
}

/** The acceptances of what the packs do not find on the resource, or under it. */
const stale = (acceptances: Acceptance[], findings: Finding[]) =>
  acceptances.filter(
    ({ path, id }) => !findings.some((finding) => finding.rule === id && (finding.path + '/').startsWith(`${path}/`)),
  );

describe('cdk-nag over the app', () => {
  const unaccepted = unacceptedApp();
  const found = nagFindings(unaccepted.app);
  const onDomain = unacceptedApp(withDomain);
  const foundOnDomain = nagFindings(onDomain.app);

  it('finds nothing that is not accepted, with a reason, on the resource it applies to', () => {
    expect(nagFindings(acceptedApp())).toEqual([]);
    expect(unaccepted.acceptances.length).toBeGreaterThan(0);
    for (const { path, id, reason } of unaccepted.acceptances)
      expect(reason.length, `${path} ${id}`).toBeGreaterThan(20);
  });

  it('accepts on each resource only what the packs find there, with a domain of our own or without', () => {
    expect(stale(unaccepted.acceptances, found)).toEqual([]);
    expect(stale(onDomain.acceptances, foundOnDomain)).toEqual([]);
  });

  it('finds the default certificate only: with a domain of our own, viewers need TLS 1.2', () => {
    const onDefault = found.filter((f) => f.rule === 'AwsSolutions-CFR4').map((f) => f.path);
    expect(onDefault).toEqual(['PickemWeb/distribution/Resource']);
    expect(foundOnDomain.map((f) => f.rule)).not.toContain('AwsSolutions-CFR4');
  });

  it("grants a '*' resource only to the actions IAM gives no resource for", () => {
    const stacks = Object.values(synthPickem());
    const onEverything = stacks
      .flatMap((stack) => allowStatements(Template.fromStack(stack)))
      .filter((statement) => [statement.Resource].flat().includes('*'))
      .flatMap(actionsOf);
    expect(onEverything.length).toBeGreaterThan(0);
    expect(onEverything.filter((action) => !actionsWithoutResource.includes(action))).toEqual([]);
  });
});
