import { z } from 'zod';
import { flag, id, login, newPassword, paging, required } from './fields.ts';

export const signInForm = z.object({
  login: required('Login'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
  domain: z.string().optional(),
  remember: flag.optional(),
});

export const sendPasswordLinkForm = z.object({ login: required('Login'), domain: z.string().optional() });

export const resetPasswordForm = z.object({
  token: required('The reset token'),
  newPassword: newPassword('New password'),
});

export const setPasswordForm = z.object({
  oldPassword: z.string({ error: 'Old password is required' }).min(1, 'Old password is required'),
  newPassword: newPassword('New password'),
  domain: z.string().optional(),
});

export const registrationBody = z
  .object({
    login,
    emailAddress: required('Email').pipe(z.email('Email is not valid')),
    password: newPassword('Password'),
    repeatPassword: z.string({ error: 'Repeat password is required' }).min(1, 'Repeat password is required'),
    displayName: required('Display name').pipe(z.string().max(100, 'Display name is too long')),
    firstName: required('First name').pipe(z.string().max(100, 'First name is too long')),
    lastName: required('Last name').pipe(z.string().max(100, 'Last name is too long')),
    phoneNumber: required('Phone number').pipe(z.string().regex(/^\+?[0-9 ()-]{7,20}$/, 'Phone number is not valid')),
    domain: z.string().optional(),
  })
  .refine((form) => form.password === form.repeatPassword, { message: 'Passwords did not match', path: ['repeatPassword'] });

export const checkLoginQuery = z.object({ login, domain: z.string().optional() });

export type RegistrationBody = z.output<typeof registrationBody>;

const phoneNumber = z.string().trim().regex(/^(\+?[0-9 ()-]{7,20})?$/, 'Phone number is not valid');

/** Editing a profile: the user's own (view own profile) or, with create and modify users, another's. */
export const userEditBody = z.object({
  id: id('id'),
  displayName: required('Display name').pipe(z.string().max(100, 'Display name is too long')),
  firstName: required('First name').pipe(z.string().max(100, 'First name is too long')),
  lastName: required('Last name').pipe(z.string().max(100, 'Last name is too long')),
  middleName: z.string().trim().max(100, 'Middle name is too long').nullish().transform((value) => value ?? undefined),
  phoneNumber: phoneNumber.nullish().transform((value) => value ?? undefined),
  roleId: id('roleId').optional(),
});

const userOrder = { id: 'id', firstname: 'firstName', middlename: 'middleName', lastname: 'lastName', phonenumber: 'phoneNumber', email: 'emailAddress', emailaddress: 'emailAddress' } as const;

/** The user list's filters; Order By takes the field or its label ("First Name"). */
export const userListForm = z.object({
  id: z.preprocess((value) => (value === '' || value === '0' ? undefined : value), id('id').optional()),
  orderBy: z
    .string()
    .optional()
    .transform((value, context) => {
      const key = (value ?? 'id').replace(/\s+/g, '').toLowerCase() as keyof typeof userOrder;
      if (userOrder[key]) return userOrder[key];
      context.addIssue({ code: 'custom', message: `Users cannot be ordered by '${value}'` });
      return z.NEVER;
    }),
  clientId: z.preprocess((value) => (value === '' || value === '0' ? undefined : value), id('clientId').optional()),
  search: z.string().trim().max(100).optional(),
  ...paging,
});
