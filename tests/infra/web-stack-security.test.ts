// The web stack's protections: a private site bucket read only by the distribution, the security headers on every
// response (the same the API and the local server send, plus HSTS), a web ACL at the edge, access logs kept 90 days,
// every function's logs kept a limited time, and the origin-verify secret on the way to the API.
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  securityHeaders,
  strictTransportSecurity,
} from '../../functions/http/security-headers.ts';
import { edgeRateLimits } from '../../infra/aws/edge-stack.ts';
import { accessLogDays } from '../../infra/aws/web-stack.ts';
import { synthPickem } from './pickem-app.ts';
import { synthWebStack } from './web-stack-template.ts';

const { edge, template, config } = synthWebStack();

describe('web stack: security', () => {
  it('keeps the site bucket private: all public access blocked, SSL enforced, readable only by this distribution', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      WebsiteConfiguration: Match.absent(),
    });
    template.hasResource('AWS::S3::Bucket', { DeletionPolicy: 'Retain' });
    const policy = Object.values<any>(template.findResources('AWS::S3::BucketPolicy')).find((p) =>
      p.Properties.Bucket.Ref.startsWith('site'),
    );
    const allows = policy.Properties.PolicyDocument.Statement.filter((s: any) => s.Effect === 'Allow');
    expect(allows).toEqual([
      expect.objectContaining({ Principal: { Service: 'cloudfront.amazonaws.com' }, Action: 's3:GetObject' }),
    ]);
    expect(config.Origins.find((o: any) => o.S3OriginConfig)?.OriginAccessControlId).toBeDefined();
  });

  it('adds HSTS, nosniff, frame DENY, a referrer policy and a same-origin CSP to every response', () => {
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: {
          StrictTransportSecurity: Match.objectLike({ Override: true }),
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ReferrerPolicy: Match.objectLike({ Override: true }),
          ContentSecurityPolicy: {
            ContentSecurityPolicy: Match.stringLikeRegexp("connect-src 'self'"),
            Override: true,
          },
        },
      },
    });
    const policies = [config.DefaultCacheBehavior, ...config.CacheBehaviors].map((b: any) => b.ResponseHeadersPolicyId);
    expect(policies.every((id: unknown) => id !== undefined)).toBe(true);
  });
});

describe('web stack: the edge holds', () => {
  const edgeTemplate = Template.fromStack(edge);
  const [acl] = Object.values<any>(edgeTemplate.findResources('AWS::WAFv2::WebACL'));

  it('puts the distribution behind a CloudFront web ACL kept in us-east-1, whatever the region of the rest', () => {
    expect(edge.region).toBe('us-east-1');
    expect(acl.Properties.Scope).toBe('CLOUDFRONT');
    expect(JSON.stringify(config.WebACLId)).toContain('webAcl');
    const { web: elsewhere, edge: edgeElsewhere } = synthPickem({}, { env: { region: 'eu-west-1' } });
    expect([elsewhere.region, edgeElsewhere.region]).toEqual(['eu-west-1', 'us-east-1']);
    const distribution = Template.fromStack(elsewhere).findResources('AWS::CloudFront::Distribution');
    expect(JSON.stringify(Object.values<any>(distribution)[0].Properties.DistributionConfig.WebACLId)).toContain(
      'ExportsReader',
    );
  });

  it('blocks an address that floods sign-in, the password link, sign-up or the site, and runs the managed common and bad-input rules', () => {
    const rules = acl.Properties.Rules as any[];
    const rate = (name: string) => rules.find((r) => r.Name === name).Statement.RateBasedStatement;
    for (const [name, path] of [
      ['signInRate', '/Services/token'],
      ['passwordLinkRate', '/Services/send-password-link'],
      ['signUpRate', '/Services/api/User/registration'],
    ]) {
      expect(rate(name!)).toMatchObject({ Limit: edgeRateLimits.publicForm, AggregateKeyType: 'IP' });
      expect(JSON.stringify(rate(name!).ScopeDownStatement)).toContain(path);
    }
    expect(rate('addressRate')).toMatchObject({ Limit: edgeRateLimits.everyPath, AggregateKeyType: 'IP' });
    expect(rules.filter((r) => r.Statement.RateBasedStatement).map((r) => r.Action)).toEqual(
      Array(4).fill({ Block: {} }),
    );
    expect(new Set(rules.map((r) => r.Priority)).size).toBe(rules.length);
    const managed = rules.filter((r) => r.Statement.ManagedRuleGroupStatement);
    expect(managed.map((r) => r.Statement.ManagedRuleGroupStatement.Name)).toEqual([
      'AWSManagedRulesCommonRuleSet',
      'AWSManagedRulesKnownBadInputsRuleSet',
    ]);
    // Only the body rules a CSV import and an SVG logo would trip only count; the rest block.
    expect(managed[0].Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual([
      { Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } },
      { Name: 'CrossSiteScripting_BODY', ActionToUse: { Count: {} } },
    ]);
  });

  it('logs every request of the distribution and the site bucket to a private bucket that keeps them 90 days', () => {
    const buckets = template.findResources('AWS::S3::Bucket');
    const [logsId, logs] = Object.entries<any>(buckets).find(([id]) => id.startsWith('accessLogs'))!;
    expect(config.Logging).toMatchObject({ Bucket: { 'Fn::GetAtt': [logsId, 'RegionalDomainName'] } });
    const site = Object.entries<any>(buckets).find(([id]) => id.startsWith('site'))![1];
    expect(site.Properties.LoggingConfiguration).toMatchObject({ DestinationBucketName: { Ref: logsId } });
    expect(logs.Properties.LifecycleConfiguration.Rules).toEqual([
      expect.objectContaining({ ExpirationInDays: accessLogDays, Status: 'Enabled' }),
    ]);
    expect(logs.Properties.PublicAccessBlockConfiguration).toMatchObject({ BlockPublicAcls: true });
  });
});

describe('web stack: logs', () => {
  it("sends every function's logs, CDK's site deployment included, to a group kept for a limited time", () => {
    const { web: deployed } = synthPickem({}, { siteDir: new URL('.', import.meta.url).pathname });
    const resources = Template.fromStack(deployed).toJSON().Resources as Record<string, any>;
    const functions = Object.entries(resources).filter(([, r]) => r.Type === 'AWS::Lambda::Function');
    expect(functions.length).toBeGreaterThanOrEqual(2);
    for (const [id, fn] of functions) {
      const group = resources[fn.Properties.LoggingConfig?.LogGroup?.Ref];
      expect(group?.Properties.RetentionInDays, id).toBe(30);
    }
  });
});

describe('web stack: the API only through the site', () => {
  it('sends the origin-verify secret to the API origin, taken from the API stack (never written in the template)', () => {
    const apiOrigin = config.Origins.find((origin: any) => origin.CustomOriginConfig);
    const header = apiOrigin.OriginCustomHeaders.find((h: any) => h.HeaderName === 'x-origin-verify');
    expect(JSON.stringify(header.HeaderValue)).toContain('resolve:secretsmanager');
  });
});

describe('web stack: one set of security headers', () => {
  it('builds the CloudFront policy from the headers the API and the local server send, plus HSTS', () => {
    const headers = Object.values<any>(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0].Properties
      .ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers).toEqual({
      StrictTransportSecurity: {
        AccessControlMaxAgeSec: strictTransportSecurity.maxAgeDays * 86400,
        IncludeSubdomains: true,
        Override: true,
      },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: securityHeaders['x-frame-options'], Override: true },
      ReferrerPolicy: { ReferrerPolicy: securityHeaders['referrer-policy'], Override: true },
      ContentSecurityPolicy: { ContentSecurityPolicy: securityHeaders['content-security-policy'], Override: true },
    });
    expect(securityHeaders['x-content-type-options']).toBe('nosniff');
    const custom = Object.values<any>(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0].Properties
      .ResponseHeadersPolicyConfig.CustomHeadersConfig.Items;
    expect(custom).toEqual([
      { Header: 'Permissions-Policy', Value: securityHeaders['permissions-policy'], Override: true },
    ]);
  });

  it("allows scripts only from the site's own files and no framing", () => {
    const directives = new Map(
      contentSecurityPolicy.split('; ').map((directive) => [directive.split(' ')[0], directive] as const),
    );
    expect(directives.get('script-src')).toBe("script-src 'self'");
    expect(directives.get('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(contentSecurityPolicy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  });
});
