// The password fields of sign-up, sign-in, password changes and resets (docs/rules.md, Input): shared by the
// contracts and the forms that check as the server does.
import * as z from 'zod/mini';
import { isCommonPassword } from '../auth/common-passwords.ts';
import { atMost, limits, wellFormed } from './fields.ts';

export const passwordMinLength = 10;

/** A password the user already has (sign-in, the old one of a change). */
export const currentPassword = (label = 'Password') =>
  z
    .string({ error: `${label} is required` })
    .check(z.minLength(1, `${label} is required`), atMost(label, limits.password), wellFormed(label));

/** A password being chosen: long enough and not one of the commonest (see passwordNotLogin for the login). */
export const newPassword = (label = 'Password') =>
  z.string({ error: `${label} is required` }).check(
    z.minLength(1, `${label} is required`),
    z.minLength(passwordMinLength, `${label} must be at least ${passwordMinLength} characters`),
    atMost(label, limits.password),
    wellFormed(label),
    z.refine((password) => password.length < passwordMinLength || !isCommonPassword(password), {
      message: `${label} is one of the most common passwords; choose one that is harder to guess`,
      abort: true,
    }),
  );

export const repeatPassword = z
  .string({ error: 'Repeat password is required' })
  .check(
    z.minLength(1, 'Repeat password is required'),
    atMost('Repeat password', limits.password),
    wellFormed('Repeat password'),
  );

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

/** A new password may not be the login, in any case; said once both are typed and the password is otherwise fine. */
export const passwordNotLogin = <Form extends { login: string }>(password: keyof Form & string) =>
  z.refine<Form>((form) => String(form[password]).toLowerCase() !== form.login.trim().toLowerCase(), {
    message: 'Password may not be the same as the login',
    path: [password],
    when: ({ value, issues }) => {
      const form = value as Partial<Record<string, unknown>>;
      return (
        typeof form[password] === 'string' &&
        typeof form.login === 'string' &&
        !issues.some((issue) => issue.path?.[0] === password)
      );
    },
  });
