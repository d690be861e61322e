import type { z } from 'zod';
import { ValidationError } from '../errors.ts';

/** Parses input with a contract; the first problem becomes the message, all of them the details. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
  throw new ValidationError(details[0]?.message ?? 'Invalid request', details);
}
