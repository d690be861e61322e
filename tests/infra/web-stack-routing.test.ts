// The web stack's routing and caching: CloudFront sends /Services/* to the HTTP API and everything else to the site
// bucket (the SPA fallback in a viewer function), keeps each as its Cache-Control says, uploads the site so an open
// page never misses a chunk, and serves every tenant subdomain of the domainName context.
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { forwardHostCode, spaFallbackCode } from '../../infra/aws/web-stack.ts';
import { siteCaching } from '../../functions/http/site-caching.ts';
import { synthPickem } from './pickem-app.ts';
import { synthWebStack } from './web-stack-template.ts';
import { liveVersion } from '#domain/contracts/bets.ts';
import { liveVersionMaxAgeS } from '../../functions/http/bets/live-version.ts';

const { template, config, cachePolicyOf } = synthWebStack();
const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/abc';
const { web: withDomain } = synthPickem({ domainName: 'pickem.example.com', certificateArn });
const cachingDisabled = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const allViewerExceptHost = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
const viewerFunction = (logicalId: RegExp) => ({ 'Fn::GetAtt': [expect.stringMatching(logicalId), 'FunctionARN'] });

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
