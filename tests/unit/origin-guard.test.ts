import { describe, expect, it } from 'vitest';
import { fixedVersions, type SecretVersions, type StagedValue } from '../../functions/adapters/secret-versions.ts';
import { cameThroughOrigin, originGuard } from '../../functions/http/origin-guard.ts';
import { viewerAddress } from '../../functions/http/request.ts';

const secret = fixedVersions('s3cret');
/** The origin secret halfway through a rotation: CloudFront may send any of the three. */
const rotating: SecretVersions = {
  async find(match) {
    const staged: StagedValue[] = [
      { versionId: 'v1', value: 'before', stages: ['AWSPREVIOUS'] },
      { versionId: 'v2', value: 'now', stages: ['AWSCURRENT'] },
      { versionId: 'v3', value: 'next', stages: ['AWSPENDING'] },
    ];
    return staged.find(match);
  },
};

describe('the API answers only requests that came through the site', () => {
  it('lets every request through where no origin secret is configured (the local stack)', async () => {
    expect(await cameThroughOrigin({}, undefined)).toBe(true);
  });

  it('lets a request carrying the secret through, in any header case', async () => {
    expect(await cameThroughOrigin({ 'X-Origin-Verify': 's3cret' }, secret)).toBe(true);
  });

  it('refuses a request without the secret or with another value', async () => {
    expect(await cameThroughOrigin({}, secret)).toBe(false);
    expect(await cameThroughOrigin({ 'x-origin-verify': 'guess' }, secret)).toBe(false);
  });

  it('accepts the previous, current and pending values while a rotation spreads to the edges, and no other', async () => {
    for (const value of ['before', 'now', 'next'])
      expect(await cameThroughOrigin({ 'x-origin-verify': value }, rotating), value).toBe(true);
    expect(await cameThroughOrigin({ 'x-origin-verify': 'older' }, rotating)).toBe(false);
  });

  it('answers 403 with a JSON error before any parsing', async () => {
    const guard = originGuard(secret);
    const answer = await guard.before!({ event: { headers: {} } } as never);
    expect(answer).toMatchObject({ statusCode: 403 });
    expect(JSON.parse((answer as { body: string }).body)).toEqual({
      error: 'This API answers only through the site',
      code: 'NOT_THROUGH_SITE',
    });
  });
});

describe('the visitor address behind CloudFront', () => {
  it("is CloudFront's viewer address, IPv4 or IPv6, where the origin guard proves CloudFront set it", () => {
    expect(viewerAddress({ 'cloudfront-viewer-address': '203.0.113.7:51234' }, true)).toBe('203.0.113.7');
    expect(viewerAddress({ 'cloudfront-viewer-address': '2001:db8::1:443' }, true)).toBe('2001:db8::1');
  });

  it('is not taken from the header where no origin secret is configured (anyone could send it)', () => {
    expect(viewerAddress({ 'cloudfront-viewer-address': '203.0.113.7:51234' }, false)).toBeUndefined();
  });

  it('ignores a value that is no address', () => {
    expect(viewerAddress({ 'cloudfront-viewer-address': 'evil<script>:1' }, true)).toBeUndefined();
  });
});
