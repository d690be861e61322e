import { CfnOutput, Duration, Fn, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  Function as CfFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { logRetention, powertoolsLayer } from './lambda-function.ts';
import { rotateEvery } from './secret-rotation.ts';
import { siteCaching } from '../../functions/http/site-caching.ts';
import { liveVersion } from '#domain/contracts/bets.ts';
import { liveVersionMaxAgeS } from '../../functions/http/bets/live-version.ts';
import {
  contentSecurityPolicy,
  frameOption,
  permissionsPolicy,
  referrerPolicy,
  strictTransportSecurity,
} from '../../functions/http/security-headers.ts';

/** Viewer request on the site: a path without a file extension is a client route, served by the SPA. */
export const spaFallbackCode = `function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/** Viewer request on /Services: the API origin needs its own Host, so the tenant's host travels here. */
export const forwardHostCode = `function handler(event) {
  var request = event.request;
  request.headers['x-forwarded-host'] = { value: request.headers.host.value };
  return request;
}`;

export interface WebStackProps extends StackProps {
  api: IHttpApi;
  /** The header and secret value with which CloudFront proves to the API that a request came through it. */
  originVerify: { header: string; secret: ISecret };
  /** Serve every tenant at `*.domainName`; needs a us-east-1 ACM certificate covering it. */
  domain?: { name: string; certificateArn: string };
  /** The built web app (web/dist); omitted before the first web build. */
  siteDir?: string;
  /** The CloudFront web ACL (infra/aws/edge-stack.ts). */
  webAclArn: string;
}

/** How long the distribution's and the site bucket's access logs are kept. */
export const accessLogDays = 90;

/** The React app from a private bucket and /Services/* to the API, both behind one CloudFront distribution. */
export class WebStack extends Stack {
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    // CloudFront's standard logs are written with ACLs, which this bucket alone accepts (from its owner).
    const logs = new Bucket(this, 'accessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(accessLogDays) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const bucket = new Bucket(this, 'site', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      autoDeleteObjects: false,
      removalPolicy: RemovalPolicy.RETAIN,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 'site-bucket/',
    });
    const securityHeaders = new ResponseHeadersPolicy(this, 'securityHeaders', {
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(strictTransportSecurity.maxAgeDays),
          includeSubdomains: strictTransportSecurity.includeSubdomains,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: frameOption as HeadersFrameOption, override: true },
        referrerPolicy: { referrerPolicy: referrerPolicy as HeadersReferrerPolicy, override: true },
        contentSecurityPolicy: { contentSecurityPolicy, override: true },
      },
      // CloudFront has no field of its own for it.
      customHeadersBehavior: {
        customHeaders: [{ header: 'Permissions-Policy', value: permissionsPolicy, override: true }],
      },
    });
    const viewerRequest = (fnId: string, code: string) => [
      {
        eventType: FunctionEventType.VIEWER_REQUEST,
        function: new CfFunction(this, fnId, { code: FunctionCode.fromInline(code), runtime: FunctionRuntime.JS_2_0 }),
      },
    ];

    const apiOrigin = new HttpOrigin(Fn.select(2, Fn.split('/', props.api.apiEndpoint)), {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      customHeaders: { [props.originVerify.header]: props.originVerify.secret.secretValue.unsafeUnwrap() },
    });
    // The live version is public and the same for every viewer: one call to the API per week every 5 s, however
    // many watch. Keyed on the week alone; no token, cookie or host travels, so no viewer's answer is shared.
    const liveVersionCache = new CachePolicy(this, 'liveVersionCache', {
      comment: "The week's live version: public, shared by every viewer for a few seconds",
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(liveVersionMaxAgeS),
      maxTtl: Duration.seconds(liveVersionMaxAgeS),
      queryStringBehavior: CacheQueryStringBehavior.allowList('weekId'),
      headerBehavior: CacheHeaderBehavior.none(),
      cookieBehavior: CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    // The site's files stay at the edge as long as the Cache-Control the upload gave them says (deploySite below):
    // a minimum TTL above 0 would keep a no-cache index.html anyway.
    const siteCache = new CachePolicy(this, 'siteCache', {
      comment: 'The site files: kept as their Cache-Control says, compressed with gzip or brotli',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.days(365),
      queryStringBehavior: CacheQueryStringBehavior.none(),
      headerBehavior: CacheHeaderBehavior.none(),
      cookieBehavior: CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    this.distribution = new Distribution(this, 'distribution', {
      defaultRootObject: 'index.html',
      webAclId: props.webAclArn,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'distribution/',
      domainNames: props.domain && [`*.${props.domain.name}`],
      certificate: props.domain && Certificate.fromCertificateArn(this, 'certificate', props.domain.certificateArn),
      // With a certificate of our own, viewers speak TLS 1.2 or later only (the default allows TLS 1.0).
      ...(props.domain && { minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021 }),
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: siteCache,
        compress: true,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: viewerRequest('spaFallback', spaFallbackCode),
      },
      // In this order: CloudFront takes the first pattern that matches.
      additionalBehaviors: {
        [liveVersion.path]: {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: liveVersionCache,
          responseHeadersPolicy: securityHeaders,
        },
        '/Services/*': {
          origin: apiOrigin,
          // A redirect would turn a plain-http POST into a GET; refuse it instead.
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
          functionAssociations: viewerRequest('forwardHost', forwardHostCode),
        },
      },
    });

    if (props.siteDir) this.deploySite(bucket, props.siteDir);
    // The origin value rotates here, where the distribution is: the rotation writes the new value into the origin
    // before making it current, and the API accepts the value before it meanwhile (functions/rotation/).
    const originRotation = rotateEvery(this, 'originVerifyRotation', {
      secret: props.originVerify.secret,
      layer: powertoolsLayer(this),
      environment: { DISTRIBUTION_ID: this.distribution.distributionId, ORIGIN_HEADER: props.originVerify.header },
    });
    originRotation.addToRolePolicy(
      new PolicyStatement({
        actions: ['cloudfront:GetDistributionConfig', 'cloudfront:UpdateDistribution'],
        resources: [this.distribution.distributionArn],
      }),
    );
    new CfnOutput(this, 'DistributionDomain', { value: this.distribution.distributionDomainName });
  }

  /**
   * The hashed assets first, kept a year by browsers and never pruned (a page still open may yet load an older
   * chunk); then index.html and the other unhashed files, revalidated on every visit, so index.html never names an
   * asset not uploaded yet. Its pruning spares assets/, which it excludes.
   */
  private deploySite(bucket: Bucket, siteDir: string) {
    const hashed = `${siteCaching.hashedDir}/*`;
    // Both deployments run on CDK's one deploy function, which would otherwise log to a group kept forever.
    const logGroup = new LogGroup(this, 'deploySiteLogs', { retention: logRetention });
    const assets = new BucketDeployment(this, 'deployAssets', {
      sources: [Source.asset(siteDir)],
      destinationBucket: bucket,
      exclude: ['*'],
      include: [hashed],
      prune: false,
      cacheControl: [CacheControl.fromString(siteCaching.hashed)],
      logGroup,
    });
    const pages = new BucketDeployment(this, 'deploySite', {
      sources: [Source.asset(siteDir)],
      destinationBucket: bucket,
      exclude: [hashed],
      prune: true,
      cacheControl: [CacheControl.fromString(siteCaching.unhashed)],
      distribution: this.distribution,
      logGroup,
    });
    pages.node.addDependency(assets);
  }
}
