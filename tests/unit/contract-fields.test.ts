import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { signIn } from '#domain/contracts/auth.ts';
import {
  id,
  ids,
  isoDate,
  limits,
  maxPage,
  name,
  optionalId,
  optionalName,
  optionalText,
  paging,
  required,
  typedLogin,
} from '#domain/contracts/fields.ts';
import { newPassword } from '#domain/contracts/password-fields.ts';
import { profileForm, registrationForm } from '#domain/contracts/users.ts';

/** The parsed value, or the first problem's message. */
const parse = (schema: z.ZodMiniType, value: unknown) => {
  const result = z.safeParse(schema, value);
  return result.success ? { value: result.data } : { error: result.error.issues[0]?.message };
};

const registration = {
  login: 'newbie',
  emailAddress: 'newbie@example.com',
  password: 'newbie-pass',
  repeatPassword: 'newbie-pass',
  displayName: 'New B.',
  firstName: 'New',
  lastName: 'Bie',
  phoneNumber: '+1 202 555 0142',
};

describe('dates', () => {
  it('are days of the calendar, written YYYY-MM-DD: a leap day in a leap year only', () => {
    expect(parse(isoDate, '2024-02-29')).toEqual({ value: '2024-02-29' });
    for (const impossible of ['2025-02-29', '2025-13-01', '2025-04-31', '2025-00-10'])
      expect(parse(isoDate, impossible), impossible).toEqual({ error: 'There is no such date' });
    const misshapen = z.safeParse(isoDate, '2025-2-3');
    expect(misshapen.error?.issues.map((issue) => issue.message)).toEqual(['Dates are written YYYY-MM-DD']);
  });
});

describe('pages', () => {
  it('start at 1 and end at the last a list call may ask for, so no read is asked for more rows than a store takes', () => {
    const { page } = paging;
    expect(parse(page, String(maxPage))).toEqual({ value: maxPage });
    expect(parse(page, '0')).toEqual({ error: 'page starts at 1' });
    expect(parse(page, '30000000')).toEqual({ error: `page is at most ${maxPage}` });
  });
});

describe('ids', () => {
  it('are positive whole numbers, as JSON numbers or decimal digits', () => {
    expect(parse(id('sportId'), 33)).toEqual({ value: 33 });
    expect(parse(id('sportId'), '33')).toEqual({ value: 33 });
    expect(parse(id('sportId'), '9999999999')).toEqual({ value: 9_999_999_999 });
  });

  it.each([['0x21'], [' 33 '], ['033'], ['1e3'], ['3.0'], ['-1'], ['0'], ['+33'], [''], ['12345678901']])(
    'refuse the text %j',
    (text) => {
      expect(parse(id('sportId'), text)).toEqual({ error: 'sportId must be a positive whole number' });
    },
  );

  it.each([[['33']], [0], [-4], [1.5], [2 ** 53], [Number.NaN], [true], [{}]])('refuse the value %j', (value) => {
    expect(parse(id('sportId'), value)).toEqual({ error: 'sportId must be a positive whole number' });
  });

  it('say when a required id is missing', () => {
    expect(parse(z.object({ sportId: id('sportId') }), {})).toEqual({ error: 'sportId is required' });
  });

  it('may be left blank or zero where optional, which means no filter', () => {
    for (const blank of [undefined, '', '0', 0, null]) expect(parse(optionalId('weekId'), blank)).toEqual({});
    expect(parse(optionalId('weekId'), ' 7')).toEqual({ error: 'weekId must be a positive whole number' });
  });

  it('in a list: one or many, each once, at most 50', () => {
    expect(parse(ids('sportId'), undefined)).toEqual({ value: [] });
    expect(parse(ids('sportId'), '33')).toEqual({ value: [33] });
    expect(parse(ids('sportId'), ['33', 35, '33'])).toEqual({ value: [33, 35] });
    expect(parse(ids('sportId'), Array(50).fill('33'))).toEqual({ value: [33] });
    expect(parse(ids('sportId'), Array(51).fill('33'))).toEqual({ error: 'At most 50 sportId values may be sent' });
    expect(parse(ids('sportId'), ['33', '0x21'])).toEqual({ error: 'sportId must be a positive whole number' });
  });
});

describe('strings are bounded', () => {
  it('a login at sign-in is at most 64 characters, in any format', () => {
    expect(parse(typedLogin, 'x'.repeat(64))).toEqual({ value: 'x'.repeat(64) });
    expect(parse(typedLogin, 'x'.repeat(2040))).toEqual({ error: 'Login must be at most 64 characters' });
    expect(parse(signIn.request, { login: 'alex', password: 'p'.repeat(201) }).error).toBe(
      'Password must be at most 200 characters',
    );
    expect(parse(signIn.request, { login: 'alex', password: 'x', domain: 'd'.repeat(64) }).error).toBe(
      'Domain must be at most 63 characters',
    );
  });

  it('sign-up: login, names, e-mail and phone', () => {
    const tooLong: [Partial<typeof registration>, string][] = [
      [{ login: 'a'.repeat(65) }, 'Login must be at most 64 characters'],
      [{ displayName: 'a'.repeat(101) }, 'Display name must be at most 100 characters'],
      [{ emailAddress: `${'a'.repeat(250)}@x.io` }, 'Email must be at most 254 characters'],
      [{ phoneNumber: '+1 202 555 0142 0000 0' }, 'Phone number must be at most 20 characters'],
    ];
    for (const [change, message] of tooLong) {
      expect(parse(registrationForm, { ...registration, ...change }).error, message).toBe(message);
    }
    expect(parse(registrationForm, { ...registration, login: 'a'.repeat(64) })).toHaveProperty('value');
    expect(limits).toMatchObject({ login: 64, name: 100, email: 254, phone: 20, domain: 63, password: 200 });
  });
});

describe('texts', () => {
  it('refuse half of a UTF-16 pair alone (a JSON body can send one), and take a whole pair', () => {
    const refusal = { error: 'Url may not contain control or text-direction characters' };
    expect(parse(required('Url'), 'https://a.example/\uD800')).toEqual(refusal);
    expect(parse(optionalText('Url'), '\uDC00x')).toEqual(refusal);
    expect(parse(required('Url'), 'https://a.example/🏈')).toEqual({ value: 'https://a.example/🏈' });
  });
});

describe('names', () => {
  it.each([
    ['a right-to-left override', 'Evil\u202Egnp.exe'],
    ['a bidi isolate', 'a\u2066b'],
    ['ESC', 'a\u001b[31mb'],
    ['NUL', 'a\u0000b'],
    ['DEL', 'a\u007fb'],
    ['a lone surrogate', 'a\uD800b'],
  ])('refuse %s', (_, text) => {
    expect(parse(name('First name'), text)).toEqual({
      error: 'First name may not contain control or text-direction characters',
    });
    expect(parse(optionalName('Middle name'), text)).toEqual({
      error: 'Middle name may not contain control or text-direction characters',
    });
  });

  it('take any printable letters, accents, scripts and emoji', () => {
    for (const text of ['Zoë', 'José Ñúñez', 'Łukasz', '王小明', 'محمد', 'Ann-Marie O’Neil', 'Jo 🏈']) {
      expect(parse(name('First name'), ` ${text} `)).toEqual({ value: text });
    }
  });

  it('hold for the profile too', () => {
    expect(parse(profileForm, { id: 1, displayName: 'x\u202E', firstName: 'a', lastName: 'b' }).error).toBe(
      'Display name may not contain control or text-direction characters',
    );
  });
});

describe('new passwords', () => {
  it('are at least 10 characters', () => {
    expect(parse(newPassword('New password'), 'short-pw1')).toEqual({
      error: 'New password must be at least 10 characters',
    });
  });

  it.each([['1234567890'], ['qwertyuiop'], ['Password123'], ['QWERTY12345']])(
    'are not one of the commonest: %s',
    (password) => {
      expect(parse(newPassword('New password'), password)).toEqual({
        error: 'New password is one of the most common passwords; choose one that is harder to guess',
      });
    },
  );

  it('are not the login, in any case', () => {
    const same = { ...registration, login: 'Newbie-Pass', password: 'nEWBIE-pASS', repeatPassword: 'nEWBIE-pASS' };
    expect(parse(registrationForm, same).error).toBe('Password may not be the same as the login');
  });

  it("accept the demo passwords and the tests' passwords", () => {
    for (const password of ['pickem-demo', 'pickem-admin', 'newbie-pass', 'long-enough', 'nina-secret-1']) {
      expect(parse(newPassword(), password)).toEqual({ value: password });
    }
  });
});
