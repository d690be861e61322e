import { describe, expect, it } from 'vitest';
import { cameThroughOrigin, originGuard } from '../../functions/http/origin-guard.ts';
import { viewerAddress } from '../../functions/http/request.ts';

describe('the API answers only requests that came through the site', () => {
  it('lets every request through where no origin secret is configured (the local stack)', () => {
    expect(cameThroughOrigin({}, undefined)).toBe(true);
  });

  it('lets a request carrying the secret through, in any header case', () => {
    expect(cameThroughOrigin({ 'X-Origin-Verify': 's3cret' }, 's3cret')).toBe(true);
  });

  it('refuses a request without the secret or with another value', () => {
    expect(cameThroughOrigin({}, 's3cret')).toBe(false);
    expect(cameThroughOrigin({ 'x-origin-verify': 'guess' }, 's3cret')).toBe(false);
  });

  it('answers 403 with a JSON error before any parsing', async () => {
    const guard = originGuard('s3cret');
    const answer = await guard.before!({ event: { headers: {} } } as never);
    expect(answer).toMatchObject({ statusCode: 403 });
    expect(JSON.parse((answer as { body: string }).body)).toEqual({
      error: 'This API answers only through the site',
      code: 'NOT_THROUGH_SITE',
    });
  });
});

describe('the visitor address behind CloudFront', () => {
  it("is CloudFront's viewer address, IPv4 or IPv6, where the origin secret proves CloudFront set it", () => {
    expect(viewerAddress({ 'cloudfront-viewer-address': '203.0.113.7:51234' }, 's3cret')).toBe('203.0.113.7');
    expect(viewerAddress({ 'cloudfront-viewer-address': '2001:db8::1:443' }, 's3cret')).toBe('2001:db8::1');
  });

  it('is not taken from the header where no origin secret is configured (anyone could send it)', () => {
    expect(viewerAddress({ 'cloudfront-viewer-address': '203.0.113.7:51234' }, undefined)).toBeUndefined();
  });

  it('ignores a value that is no address', () => {
    expect(viewerAddress({ 'cloudfront-viewer-address': 'evil<script>:1' }, 's3cret')).toBeUndefined();
  });
});
