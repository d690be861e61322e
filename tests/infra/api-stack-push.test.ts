// The API stack's Web Push: the VAPID key pair's secret, who may read it and who may put its first pair
// (docs/deploy.md, Push notifications).
import { describe, expect, it } from 'vitest';
import { actionsOf, logicalId } from './pickem-app.ts';
import { synthApiStack } from './api-stack-template.ts';

const { api, template, resources, statementsOf } = synthApiStack();
const vapidRef = { Ref: logicalId(api.vapidKeys) };
const vapidActions = (fn: (typeof api.areaFunctions)['auth']) =>
  statementsOf(fn)
    .filter((statement) => JSON.stringify(statement.Resource) === JSON.stringify(vapidRef))
    .flatMap(actionsOf)
    .sort();

describe('api stack: Web Push', () => {
  it('lets the users area read the VAPID secret and put its first pair, the senders only read it, nobody else touch it', () => {
    expect(vapidActions(api.areaFunctions.users)).toEqual([
      'secretsmanager:GetSecretValue',
      'secretsmanager:PutSecretValue',
    ]);
    expect(vapidActions(api.jobs)).toEqual(['secretsmanager:GetSecretValue']);
    const readers = Object.values(template.findResources('AWS::IAM::Policy'))
      .filter((policy) => JSON.stringify(policy.Properties.PolicyDocument).includes(logicalId(api.vapidKeys)))
      .flatMap((policy) => policy.Properties.Roles as unknown[]);
    expect(readers).toHaveLength(2);
    expect(readers).toEqual(
      expect.arrayContaining([api.areaFunctions.users, api.jobs].map((fn) => ({ Ref: logicalId(fn.role!) }))),
    );
  });

  it('names the secret to the users area (its key) and the jobs (the pushes), and never lets one push over plain http on loopback', () => {
    const pushers = [api.areaFunctions.users, api.jobs].map((fn) => logicalId(fn));
    for (const [id, resource] of Object.entries(template.findResources('AWS::Lambda::Function'))) {
      const variables = resource.Properties.Environment?.Variables ?? {};
      expect(variables.PUSH_ALLOW_LOOPBACK).toBeUndefined();
      if (pushers.includes(id)) expect(variables.VAPID_SECRET_ARN).toEqual(vapidRef);
      else expect(variables.VAPID_SECRET_ARN).toBeUndefined();
    }
    expect(resources[logicalId(api.vapidKeys)].Type).toBe('AWS::SecretsManager::Secret');
  });
});
