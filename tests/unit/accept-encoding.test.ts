import { describe, expect, it } from 'vitest';
import { acceptsGzip } from '../../functions/http/compression.ts';

describe('gzip is sent only where Accept-Encoding allows it', () => {
  it('allows it when gzip is named, in any case, with or without a positive quality', () => {
    for (const header of [
      'gzip, deflate, br',
      'GZIP',
      'br;q=1.0, gzip;q=0.8, *;q=0.1',
      'gzip;q=0.5',
      'deflate, gzip ; q=0.001',
    ])
      expect(acceptsGzip(header), header).toBe(true);
  });

  it('refuses it when gzip has quality 0, with or without spaces, even if * allows others', () => {
    for (const header of ['gzip;q=0', 'gzip; q=0', 'gzip ;q=0.0, *', 'br, gzip;q=0'])
      expect(acceptsGzip(header), header).toBe(false);
  });

  it('takes * for gzip when gzip is not named', () => {
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('br, *;q=0')).toBe(false);
  });

  it('refuses it for identity, other codings or no header', () => {
    for (const header of ['identity', 'br, deflate', '', undefined])
      expect(acceptsGzip(header), String(header)).toBe(false);
  });
});
