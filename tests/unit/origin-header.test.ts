import type { DistributionConfig } from '@aws-sdk/client-cloudfront';
import { describe, expect, it } from 'vitest';
import { cloudFrontOriginHeader, withOriginHeader } from '../../functions/rotation/origin-header.ts';

/** The shape GetDistributionConfig answers for our distribution (trimmed): the site bucket and the API origin. */
const config = {
  CallerReference: 'ref',
  Comment: '',
  Enabled: true,
  Origins: {
    Quantity: 2,
    Items: [
      { Id: 'site', DomainName: 'site.s3.us-east-1.amazonaws.com', CustomHeaders: { Quantity: 0, Items: [] } },
      {
        Id: 'api',
        DomainName: 'abc.execute-api.us-east-1.amazonaws.com',
        CustomHeaders: {
          Quantity: 2,
          Items: [
            { HeaderName: 'X-Origin-Verify', HeaderValue: 'old' },
            { HeaderName: 'x-other', HeaderValue: 'kept' },
          ],
        },
      },
    ],
  },
} as unknown as DistributionConfig;

describe("the rotation's write into CloudFront's origin header", () => {
  it('sets the header on the origin that sends it, whatever its case, and changes nothing else', () => {
    const written = withOriginHeader(config, 'x-origin-verify', 'new');
    expect(written.Origins!.Items![1]!.CustomHeaders!.Items).toEqual([
      { HeaderName: 'X-Origin-Verify', HeaderValue: 'new' },
      { HeaderName: 'x-other', HeaderValue: 'kept' },
    ]);
    expect(written.Origins!.Items![0]).toEqual(config.Origins!.Items![0]);
    expect({ ...written, Origins: undefined }).toEqual({ ...config, Origins: undefined });
  });

  it('refuses a distribution none of whose origins sends the header (it would rotate a value nobody sends)', () => {
    expect(() => withOriginHeader(config, 'x-unknown', 'new')).toThrow('No origin of the distribution sends x-unknown');
  });

  it('updates the distribution only as of the configuration it read (its ETag)', async () => {
    const sent: { name: string; input: any }[] = [];
    const client = {
      send: async (command: { constructor: { name: string }; input: unknown }) => {
        sent.push({ name: command.constructor.name, input: command.input });
        return command.constructor.name === 'GetDistributionConfigCommand'
          ? { DistributionConfig: config, ETag: 'E1' }
          : {};
      },
    };
    await cloudFrontOriginHeader(client as never, 'DIST1', 'x-origin-verify')('new');
    expect(sent.map((s) => s.name)).toEqual(['GetDistributionConfigCommand', 'UpdateDistributionCommand']);
    expect(sent[1]!.input).toMatchObject({ Id: 'DIST1', IfMatch: 'E1' });
    expect(JSON.stringify(sent[1]!.input.DistributionConfig)).toContain('"HeaderValue":"new"');
  });
});
