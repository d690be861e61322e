// Field rules shared by several contracts. Form bodies arrive as strings, so numbers are coerced.
import { z } from 'zod';

export const required = (label: string) => z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`);

export const id = (label: string) =>
  z.coerce.number({ error: `${label} must be a number` }).int(`${label} must be a whole number`).positive(`${label} must be a positive number`);

export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD');

export const login = required('Login').pipe(
  z.string().regex(/^[A-Za-z0-9._@-]{3,50}$/, 'Login may use letters, digits and . _ - @ (3 to 50 characters)'),
);

export const newPassword = (label = 'Password') =>
  z.string({ error: `${label} is required` }).min(1, `${label} is required`).min(8, `${label} must be at least 8 characters`).max(200, `${label} is too long`);

export const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', ''])])
  .transform((value) => value === true || value === 'true' || value === '1' || value === 'on');

/** Page and limit of list calls: default 50, at most 100, pages start at 1 (docs/rules.md, Tables and selects). */
export const paging = {
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(100, 'limit is at most 100').default(50),
  page: z.coerce.number().int().min(1, 'page starts at 1').default(1),
};
