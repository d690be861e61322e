import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { sendPasswordLink, signIn } from '#domain/contracts/auth.ts';
import { register } from '#domain/contracts/users.ts';

/**
 * Requests one address may send in any 5 minutes before the web ACL blocks it: to the site, and to each public form
 * (sign-in, the password link, sign-up), whose routes API Gateway throttles for every caller at once, so one address
 * may take only a small share of them.
 */
export const edgeRateLimits = { everyPath: 3000, publicForm: 100 };

/** The public forms' paths, each with a rate of its own per address. */
export const publicForms = {
  signInRate: signIn.path,
  passwordLinkRate: sendPasswordLink.path,
  signUpRate: register.path,
};

/** AWS managed rule groups the web ACL runs, and their rules that only count: they would block what users send. */
export const managedRuleGroups = [
  {
    name: 'AWSManagedRulesCommonRuleSet',
    // The users CSV and a team's SVG logo are request bodies over 8 KB, and a logo is markup: the server checks both.
    countOnly: ['SizeRestrictions_BODY', 'CrossSiteScripting_BODY'],
  },
  { name: 'AWSManagedRulesKnownBadInputsRuleSet', countOnly: [] },
];

const visibility = (metricName: string) => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

const rateRule = (name: string, priority: number, limit: number, pathPrefix?: string): CfnWebACL.RuleProperty => ({
  name,
  priority,
  action: { block: {} },
  visibilityConfig: visibility(name),
  statement: {
    rateBasedStatement: {
      limit,
      aggregateKeyType: 'IP',
      evaluationWindowSec: 300,
      scopeDownStatement:
        pathPrefix === undefined
          ? undefined
          : {
              byteMatchStatement: {
                fieldToMatch: { uriPath: {} },
                positionalConstraint: 'STARTS_WITH',
                searchString: pathPrefix,
                textTransformations: [{ priority: 0, type: 'NONE' }],
              },
            },
    },
  },
});

const formRules = Object.keys(publicForms).length;

/** The CloudFront web ACL, which AWS keeps in us-east-1 whatever the region of the rest of the app. */
export class EdgeStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: StackProps) {
    super(scope, id, props);
    this.webAcl = new CfnWebACL(this, 'webAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`${id}-webAcl`),
      rules: [
        ...Object.entries(publicForms).map(([name, path], index) =>
          rateRule(name, index, edgeRateLimits.publicForm, path),
        ),
        rateRule('addressRate', formRules, edgeRateLimits.everyPath),
        ...managedRuleGroups.map(({ name, countOnly }, index) => ({
          name,
          priority: formRules + 1 + index,
          overrideAction: { none: {} },
          visibilityConfig: visibility(name),
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name,
              ruleActionOverrides: countOnly.map((rule) => ({ name: rule, actionToUse: { count: {} } })),
            },
          },
        })),
      ],
    });
  }
}
