import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { optionalPhone, phone, toE164 } from '#domain/contracts/fields.ts';

describe('phone numbers are kept in E.164 however they were typed', () => {
  it('reads a US number with or without its country code, spaces, dashes or brackets', () => {
    for (const typed of ['2025550199', '(202) 555-0199', '202-555-0199', '1 202 555 0199', '+1 202 555 0199'])
      expect(toE164(typed), typed).toBe('+12025550199');
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
  });

  it('keeps a short number it cannot place as typed, and a blank one blank', () => {
    expect(toE164('555-0101')).toBe('555-0101');
    expect(toE164(' ')).toBe('');
  });

  it('is what the contracts store: Create user, Edit user, sign-up and the CSV import parse phones with them', () => {
    expect(z.parse(phone, '2025550199')).toBe('+12025550199');
    expect(z.parse(optionalPhone, '(202) 555-0199')).toBe('+12025550199');
    expect(z.parse(optionalPhone, '')).toBe('');
    expect(z.parse(optionalPhone, null)).toBeUndefined();
  });
});
