import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  securityHeaders,
  strictTransportSecurity,
} from '../../functions/http/security-headers.ts';
import { edgeRateLimits } from '../../infra/aws/edge-stack.ts';
import { accessLogDays, forwardHostCode, spaFallbackCode } from '../../infra/aws/web-stack.ts';
import { siteCaching } from '../../functions/http/site-caching.ts';
import { synthPickem } from './pickem-app.ts';
import { liveVersion } from '#domain/contracts/bets.ts';
import { liveVersionMaxAgeS } from '../../functions/http/bets/live-version.ts';

const { web, edge } = synthPickem();
const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/abc';
const { web: withDomain } = synthPickem({ domainName: 'pickem.example.com', certificateArn });
const template = Template.fromStack(web);
const config = Object.values<any>(template.findResources('AWS::CloudFront::Distribution'))[0].Properties
  .DistributionConfig;
const cachingDisabled = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const allViewerExceptHost = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
const viewerFunction = (logicalId: RegExp) => ({ 'Fn::GetAtt': [expect.stringMatching(logicalId), 'FunctionARN'] });

const cachePolicyOf = (behavior: { CachePolicyId: { Ref: string } }) =>
  template.findResources('AWS::CloudFront::CachePolicy')[behavior.CachePolicyId.Ref]?.Properties.CachePolicyConfig;

type Request = { uri: string; headers: Record<string, { value: string }> };
const run = (code: string, request: Request): Request => new Function(`${code}; return handler;`)()({ request });

describe('web stack: routing', () => {
  it('sends /Services/* to the HTTP API uncached, with every method and every viewer header but Host', () => {
    const services = config.CacheBehaviors.find((b: any) => b.PathPattern === '/Services/*');
    expect(services).toMatchObject({
      CachePolicyId: cachingDisabled,
      OriginRequestPolicyId: allViewerExceptHost,
      AllowedMethods: expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD']),
      FunctionAssociations: [{ EventType: 'viewer-request', FunctionARN: viewerFunction(/^forwardHost/) }],
    });
    const origin = config.Origins.find((o: any) => o.Id === services.TargetOriginId);
    expect(JSON.stringify(origin.DomainName)).toContain('httpApi');
  });

  it('caches the live version 5 s for every viewer, keyed on the week alone, and matches it before /Services/*', () => {
    const patterns = config.CacheBehaviors.map((b: any) => b.PathPattern);
    expect(patterns.indexOf(liveVersion.path)).toBeLessThan(patterns.indexOf('/Services/*'));
    const live = config.CacheBehaviors.find((b: any) => b.PathPattern === liveVersion.path);
    const services = config.CacheBehaviors.find((b: any) => b.PathPattern === '/Services/*');
    // The same API origin (it carries the origin-verify header the rotation writes), reads only, no viewer header.
    expect(live).toMatchObject({ TargetOriginId: services.TargetOriginId, AllowedMethods: ['GET', 'HEAD'] });
    expect(live.OriginRequestPolicyId).toBeUndefined();
    expect(cachePolicyOf(live)).toMatchObject({
      MinTTL: 0,
      DefaultTTL: liveVersionMaxAgeS,
      MaxTTL: liveVersionMaxAgeS,
      ParametersInCacheKeyAndForwardedToOrigin: {
        QueryStringsConfig: { QueryStringBehavior: 'whitelist', QueryStrings: ['weekId'] },
        HeadersConfig: { HeaderBehavior: 'none' },
        CookiesConfig: { CookieBehavior: 'none' },
      },
    });
  });

  it("does the SPA fallback in a viewer-request function, not with error responses that would rewrite the API's 404s", () => {
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: viewerFunction(/^spaFallback/) },
    ]);
    template.hasResourceProperties('AWS::CloudFront::Function', { FunctionCode: spaFallbackCode });
  });

  it('rewrites paths without a file extension to /index.html and leaves files alone', () => {
    const uri = (path: string) => run(spaFallbackCode, { uri: path, headers: {} }).uri;
    expect(uri('/')).toBe('/index.html');
    expect(uri('/leaderboard/week')).toBe('/index.html');
    expect(uri('/assets/index-3f2a.js')).toBe('/assets/index-3f2a.js');
    expect(uri('/favicon.ico')).toBe('/favicon.ico');
  });

  it("copies the viewer's Host into x-forwarded-host for the API, which sees its own host", () => {
    const request = run(forwardHostCode, {
      uri: '/Services/token',
      headers: { host: { value: 'acme.pickem.example.com' } },
    });
    expect(request.headers['x-forwarded-host']).toEqual({ value: 'acme.pickem.example.com' });
    template.hasResourceProperties('AWS::CloudFront::Function', { FunctionCode: forwardHostCode });
  });

  it('redirects plain HTTP on the site to HTTPS', () => {
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
  });
});

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

  it('blocks an address that floods sign-in or the site, and runs the managed common and bad-input rules', () => {
    const rules = acl.Properties.Rules as any[];
    const rate = (name: string) => rules.find((r) => r.Name === name).Statement.RateBasedStatement;
    expect(rate('signInRate')).toMatchObject({ Limit: edgeRateLimits.signIn, AggregateKeyType: 'IP' });
    expect(JSON.stringify(rate('signInRate').ScopeDownStatement)).toContain('/Services/token');
    expect(rate('addressRate')).toMatchObject({ Limit: edgeRateLimits.everyPath, AggregateKeyType: 'IP' });
    expect(rules.filter((r) => r.Statement.RateBasedStatement).map((r) => r.Action)).toEqual([
      { Block: {} },
      { Block: {} },
    ]);
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

describe('web stack: caching the site', () => {
  const { web: deployed } = synthPickem({}, { siteDir: new URL('.', import.meta.url).pathname });
  const deployments = Template.fromStack(deployed).findResources('Custom::CDKBucketDeployment');
  const [assetsId, assets] = Object.entries<any>(deployments).find(([id]) => id.startsWith('deployAssets'))!;
  const [, pages] = Object.entries<any>(deployments).find(([id]) => id.startsWith('deploySite'))!;

  it("uploads Vite's hashed assets alone, immutable for a year, and never prunes them (an open page may load an older chunk)", () => {
    expect(Object.keys(deployments)).toHaveLength(2);
    expect(assets.Properties).toMatchObject({
      Exclude: ['*'],
      Include: [`${siteCaching.hashedDir}/*`],
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
  });

  it('uploads index.html and every other unhashed file with no-cache, pruning stale ones but never the assets', () => {
    expect(pages.Properties).toMatchObject({
      Exclude: [`${siteCaching.hashedDir}/*`],
      Prune: true,
      SystemMetadata: { 'cache-control': 'no-cache' },
    });
    expect(pages.Properties.Include).toBeUndefined();
  });

  it('uploads index.html only after the assets it names, then clears the edge caches', () => {
    expect(pages.DependsOn).toContain(assetsId);
    expect(assets.Properties.DistributionId).toBeUndefined();
    expect(pages.Properties.DistributionId).toEqual({ Ref: expect.stringMatching(/^distribution/) });
  });

  it('keeps site files at the edge as their Cache-Control says (no minimum TTL over no-cache), compressed', () => {
    expect(config.DefaultCacheBehavior.Compress).toBe(true);
    expect(cachePolicyOf(config.DefaultCacheBehavior)).toMatchObject({
      MinTTL: 0,
      MaxTTL: 365 * 86400,
      ParametersInCacheKeyAndForwardedToOrigin: {
        EnableAcceptEncodingGzip: true,
        EnableAcceptEncodingBrotli: true,
        QueryStringsConfig: { QueryStringBehavior: 'none' },
        HeadersConfig: { HeaderBehavior: 'none' },
        CookiesConfig: { CookieBehavior: 'none' },
      },
    });
    // No other behaviour serves the bucket, so no other cache policy applies to the site's files.
    const siteOrigin = config.DefaultCacheBehavior.TargetOriginId;
    expect(config.CacheBehaviors.filter((b: any) => b.TargetOriginId === siteOrigin)).toEqual([]);
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

describe('web stack: tenant domains', () => {
  it('has no alias without the domainName context', () => {
    expect(config.Aliases).toBeUndefined();
  });

  it('serves every tenant subdomain of the domainName context with the given certificate', () => {
    Template.fromStack(withDomain).hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['*.pickem.example.com'],
        // TLS 1.2 or later only: the default policy of a distribution allows TLS 1.0.
        ViewerCertificate: Match.objectLike({
          AcmCertificateArn: certificateArn,
          MinimumProtocolVersion: 'TLSv1.2_2021',
        }),
      }),
    });
  });
});
