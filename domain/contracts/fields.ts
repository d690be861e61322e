// Field rules shared by several contracts (docs/rules.md, Input). Form bodies and query strings arrive
// as strings, JSON bodies as numbers too; the input types say what a typed caller sends. Every string
// is bounded, so nothing a client sends can reach a key or a mail longer than the store allows.
import * as z from 'zod/mini';
import { usersCsvLimits } from '../accounts/users-csv-columns.ts';
import { isPermission, type Permission } from '../auth/permissions.ts';
import { isCalendarDate, type PickDay } from '../season/zoned-time.ts';
import { reservedDomains } from '../tenancy/tenant-domain.ts';

/** The longest value each kind of field accepts, in characters (ids: items of a list). */
export const limits = {
  login: 64,
  name: 100,
  email: 254,
  phone: 20,
  domain: 63,
  password: 200,
  token: 200,
  search: 100,
  text: 1000,
  url: 2000,
  /** A users CSV at its most, as base64 (4 characters per 3 bytes). */
  csvBase64: Math.ceil(usersCsvLimits.bytes / 3) * 4 + 4,
  ids: 50,
} as const;

export const atMost = (label: string, max: number) => z.maxLength(max, `${label} must be at most ${max} characters`);

/** Half of a UTF-16 pair alone (a JSON body can escape one): no character, and nothing UTF-8 or a key can hold. */
const loneSurrogate = /\p{Cs}/u;
export const hasLoneSurrogate = (value: unknown): boolean =>
  typeof value === 'string'
    ? loneSurrogate.test(value)
    : typeof value === 'object' && value !== null && Object.values(value).some(hasLoneSurrogate);
export const wellFormed = (label: string) =>
  z.refine<string>((text) => !loneSurrogate.test(text), {
    message: `${label} may not contain control or text-direction characters`,
  });

/** A string that must be given (blank is not given), trimmed and at most `max` characters. */
export const required = (label: string, max: number = limits.text) =>
  z
    .string({ error: `${label} is required` })
    .check(z.trim(), z.minLength(1, `${label} is required`), atMost(label, max), wellFormed(label));

/** What a list is searched for: trimmed, at most 100 characters. */
export const searchText = z.optional(z.string().check(z.trim(), atMost('search', limits.search), wellFormed('search')));

/** A string that may be left out, at most `max` characters. */
export const optionalText = (label: string, max: number = limits.text) =>
  z.optional(z.string({ error: `${label} must be text` }).check(atMost(label, max), wellFormed(label)));

/** A non-negative whole number, as a JSON number or written in decimal digits. */
export const count = (label: string) => {
  const message = `${label} must be a whole number`;
  return z.pipe(
    z.union([z.int({ error: message }).check(z.gte(0, message)), z.string().check(z.regex(/^\d{1,10}$/, message))], {
      error: message,
    }),
    z.transform(Number),
  );
};

/** A number such as a point spread, as a JSON number or written in decimal (-3.5). */
export const decimal = (label: string) => {
  const message = `${label} must be a number`;
  return z.pipe(
    z.union([z.number(), z.string().check(z.regex(/^-?\d{1,6}(\.\d{1,3})?$/, message))], { error: message }),
    z.transform(Number),
  );
};

/**
 * An id: a positive whole number, as a safe JSON integer or as decimal digits without sign, spaces or
 * leading zeros ("0x21", " 33 ", "1e3" and ["33"] are not ids).
 */
export const id = (label: string) => {
  const message = `${label} must be a positive whole number`;
  return z.pipe(
    z.union(
      [z.int({ error: message }).check(z.positive(message)), z.string().check(z.regex(/^[1-9]\d{0,9}$/, message))],
      { error: (issue) => (issue.input === undefined ? `${label} is required` : message) },
    ),
    z.transform(Number),
  );
};

/** A blank or zero id in a form means "no filter". */
export const optionalId = (label: string) =>
  z.optional(
    z.pipe(
      z.transform((value: number | string | null) =>
        value === '' || value === '0' || value === 0 || value === null ? undefined : value,
      ),
      z.optional(id(label)),
    ),
  );

/** One id or a list of at most 50, each id once, in the order first given; none when left out. */
export const ids = (label: string) => {
  const tooMany = `At most ${limits.ids} ${label} values may be sent`;
  return z.pipe(
    z.optional(
      z.union([id(label), z.array(id(label)).check(z.maxLength(limits.ids, tooMany))], {
        error: (issue) =>
          Array.isArray(issue.input) && issue.input.length > limits.ids
            ? tooMany
            : `${label} must be a positive whole number or a list of them`,
      }),
    ),
    z.transform((value) => [...new Set(value === undefined ? [] : [value].flat())]),
  );
};

/** A day of the calendar, written YYYY-MM-DD. */
export const isoDate = z
  .string()
  .check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Dates are written YYYY-MM-DD', abort: true }),
    z.refine(isCalendarDate, 'There is no such date'),
  );

/** The client's domain a public request may name (a host label, see docs/rules.md, Tenant domain). */
export const domain = optionalText('Domain', limits.domain);

/** A login as sign-up accepts it. */
export const login = z.pipe(
  required('Login', limits.login),
  z
    .string()
    .check(
      z.regex(/^[A-Za-z0-9._@-]{3,64}$/, `Login may use letters, digits and . _ - @ (3 to ${limits.login} characters)`),
    ),
);

/** A login as typed at sign-in or password recovery: only bounded, so an older login still signs in. */
export const typedLogin = required('Login', limits.login);

/** A one-time token from a mailed link. */
export const token = (label: string) => required(label, limits.token);

// C0 and C1 controls (NUL, ESC, DEL …) and the bidi embeddings, overrides and isolates, which can
// make a name display as something else.
const hiddenCharacters = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

const printable = (label: string) =>
  z.refine<string>((text) => !hiddenCharacters.test(text) && !loneSurrogate.test(text), {
    message: `${label} may not contain control or text-direction characters`,
  });

// Line breaks and tabs are a text's own; every other control character is refused as in a name.
const paragraphs = (label: string) =>
  z.refine<string>((text) => !hiddenCharacters.test(text.replace(/[\n\r\t]/g, ' ')) && !loneSurrogate.test(text), {
    message: `${label} may not contain control or text-direction characters other than line breaks and tabs`,
  });

/** A text of several lines that must be given (an announcement's body), at most `max` characters. */
export const longText = (label: string, max: number) =>
  z.pipe(required(label, max), z.string().check(paragraphs(label)));

/** A name (or a title) of printable characters that must be given, at most 100 unless said. */
export const name = (label: string, max: number = limits.name) =>
  z.pipe(required(label, max), z.string().check(printable(label)));

/** A name that may be left out or blank (null and undefined mean left out). */
export const optionalName = (label: string) =>
  z.pipe(
    z.nullish(
      z.string({ error: `${label} must be text` }).check(z.trim(), atMost(label, limits.name), printable(label)),
    ),
    z.transform((value) => value ?? undefined),
  );

export const email = z.pipe(required('Email', limits.email), z.email('Email is not valid'));

const phonePattern = /^\+?[0-9 ()-]{7,20}$/;

/**
 * A phone number as it is stored and shown (E.164, '+12025550199'), whichever way it was typed or imported:
 * '+1 555 010 0100', '(202) 555-0101'. A number without a country code is a US number when it has the 10 digits of
 * one (or 11 with the leading 1); anything shorter cannot be told apart and stays as typed ('555-0101').
 */
export function toE164(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (!digits) return '';
  if (phone.trim().startsWith('+')) return `+${digits}`;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return phone.trim();
}

export const phone = z.pipe(
  required('Phone number', limits.phone),
  z.pipe(z.string().check(z.regex(phonePattern, 'Phone number is not valid')), z.transform(toE164)),
);

/** A phone number that may be left blank (null and undefined mean left out). */
export const optionalPhone = z.pipe(
  z.nullish(
    z.string({ error: 'Phone number must be text' }).check(
      z.trim(),
      atMost('Phone number', limits.phone),
      z.refine((value) => value === '' || phonePattern.test(value), 'Phone number is not valid'),
    ),
  ),
  z.transform((value) => (value ? toE164(value) : (value ?? undefined))),
);

export const flag = z.pipe(
  z.union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', ''])]),
  z.transform((value) => value === true || value === 'true' || value === '1' || value === 'on'),
);

export const limit = (fallback: number, max = 100) =>
  z._default(
    count('limit').check(z.gte(1, 'limit must be at least 1'), z.lte(max, `limit is at most ${max}`)),
    fallback,
  );

/** The last page a list call may ask for: 1,000,000 rows on at most 100 a page, far past any client's. */
export const maxPage = 10_000;

/** Page and limit of list calls: default 50, at most 100 (a week's games 250: weekGamesMax), pages start at 1. */
export const paging = {
  limit: limit(50),
  page: z._default(count('page').check(z.gte(1, 'page starts at 1'), z.lte(maxPage, `page is at most ${maxPage}`)), 1),
};

/** A new client's domain: a DNS label of 3 to 63 characters, written in lower case, not a reserved one. */
export const clientDomain = z.pipe(
  required('Domain', limits.domain),
  z.string().check(
    z.toLowerCase(),
    z.regex(
      /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/,
      'Domain may use lower-case letters, digits and hyphens (3 to 63 characters, no hyphen first or last)',
    ),
    z.refine((value) => !reservedDomains.includes(value), { message: 'This domain is reserved' }),
  ),
);

/** An amount of money: not negative, at most two decimals (checked on the digits, not on a binary fraction). */
export const amount = (label: string) => {
  const message = `${label} must be an amount between 0 and 1,000,000 with at most two decimals`;
  return z.pipe(
    z.union([z.number(), z.string()], { error: message }),
    z.transform((value, context) => {
      const text = String(value).trim();
      if (/^\d{1,7}(\.\d{1,2})?$/.test(text) && Number(text) <= 1_000_000) return Number(text);
      context.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    }),
  );
};

/** A day of the betting week: 1 Wednesday … 5 Sunday, 6 Monday, 7 Tuesday. */
export const pickDay = (label: string) =>
  z.pipe(
    count(label).check(z.refine((value) => value >= 1 && value <= 7, `${label} must be a day from 1 to 7`)),
    z.transform((value) => value as PickDay),
  );

/** A role's permissions: codes of the catalogue, each once. */
export const permissionCodes = z.pipe(
  z
    .array(z.int({ error: 'Permissions are codes from 1 to 24' }), { error: 'Permissions must be a list of codes' })
    .check(
      z.maxLength(24, 'At most 24 permissions'),
      z.refine((codes) => codes.every(isPermission), 'Permissions are codes from 1 to 24'),
    ),
  z.transform((codes) => [...new Set(codes)].sort((a, b) => a - b) as Permission[]),
);
