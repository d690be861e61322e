// The copy of the origin-verify value CloudFront sends with every /Services request: a rotation writes the new value
// into the distribution's origin before making it current (functions/rotation/rotate-secret.ts).
import {
  type CloudFrontClient,
  type DistributionConfig,
  GetDistributionConfigCommand,
  UpdateDistributionCommand,
} from '@aws-sdk/client-cloudfront';

/** The configuration with the header set to the value on every origin that sends it; an error if none does. */
export function withOriginHeader(config: DistributionConfig, header: string, value: string): DistributionConfig {
  const sends = (name: string | undefined) => name?.toLowerCase() === header.toLowerCase();
  const origins = config.Origins?.Items ?? [];
  if (!origins.some((origin) => origin.CustomHeaders?.Items?.some((h) => sends(h.HeaderName))))
    throw new Error(`No origin of the distribution sends ${header}`);
  const Items = origins.map((origin) => ({
    ...origin,
    CustomHeaders: origin.CustomHeaders && {
      ...origin.CustomHeaders,
      Items: origin.CustomHeaders.Items?.map((h) => (sends(h.HeaderName) ? { ...h, HeaderValue: value } : h)),
    },
  }));
  return { ...config, Origins: { ...config.Origins!, Items } };
}

/** Writes a value into the distribution's origin header, guarded by the configuration's ETag. */
export const cloudFrontOriginHeader =
  (client: Pick<CloudFrontClient, 'send'>, distributionId: string, header: string) => async (value: string) => {
    const { DistributionConfig: config, ETag } = await client.send(
      new GetDistributionConfigCommand({ Id: distributionId }),
    );
    if (!config) throw new Error(`Distribution ${distributionId} has no configuration`);
    await client.send(
      new UpdateDistributionCommand({
        Id: distributionId,
        IfMatch: ETag,
        DistributionConfig: withOriginHeader(config, header, value),
      }),
    );
  };
