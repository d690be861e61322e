// Field rules shared by several contracts. Form bodies and query strings arrive as strings, so
// numbers are coerced; the input types say what a typed caller sends.
import * as z from 'zod/mini';

export const required = (label: string) =>
  z.string({ error: `${label} is required` }).check(z.trim(), z.minLength(1, `${label} is required`));

const whole = (message?: string) => z.refine<number>(Number.isSafeInteger, message);

/** A whole number that may arrive as text. */
export const count = () => z.coerce.number<number | string>();

export const id = (label: string) =>
  z.coerce
    .number<number | string>({ error: `${label} must be a number` })
    .check(whole(`${label} must be a whole number`), z.positive(`${label} must be a positive number`));

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

export const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD'));

export const optionalText = z.optional(z.string());

export const login = z.pipe(
  required('Login'),
  z
    .string()
    .check(z.regex(/^[A-Za-z0-9._@-]{3,50}$/, 'Login may use letters, digits and . _ - @ (3 to 50 characters)')),
);

export const newPassword = (label = 'Password') =>
  z
    .string({ error: `${label} is required` })
    .check(
      z.minLength(1, `${label} is required`),
      z.minLength(8, `${label} must be at least 8 characters`),
      z.maxLength(200, `${label} is too long`),
    );

/** A name of at most 100 characters that must be given. */
export const name = (label: string) =>
  z.pipe(required(label), z.string().check(z.maxLength(100, `${label} is too long`)));

export const flag = z.pipe(
  z.union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', ''])]),
  z.transform((value) => value === true || value === 'true' || value === '1' || value === 'on'),
);

export const limit = (fallback: number, max = 100) =>
  z._default(
    count().check(whole(), z.gte(1, 'limit must be at least 1'), z.lte(max, `limit is at most ${max}`)),
    fallback,
  );

/** Page and limit of list calls: default 50, at most 100, pages start at 1. */
export const paging = {
  limit: limit(50),
  page: z._default(count().check(whole(), z.gte(1, 'page starts at 1')), 1),
};

export const repeatPassword = z
  .string({ error: 'Repeat password is required' })
  .check(z.minLength(1, 'Repeat password is required'));

/** The repeat must equal the password; said as soon as both are typed, whatever the other fields hold. */
export const passwordsMatch = <Form extends { repeatPassword: string }>(password: keyof Form & string) =>
  z.refine<Form>((form) => form[password] === form.repeatPassword, {
    message: 'Passwords did not match',
    path: ['repeatPassword'],
    when: ({ value, issues }) => {
      const form = value as Partial<Record<string, unknown>>;
      return !!form[password] && !!form.repeatPassword && !issues.some((issue) => issue.path?.[0] === 'repeatPassword');
    },
  });
