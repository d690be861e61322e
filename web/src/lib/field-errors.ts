import * as z from 'zod/mini';

/** Each invalid field's first message when the values are parsed with a contract's schema. */
export function fieldErrors<Field extends string>(
  schema: z.ZodMiniType,
  values: unknown,
): Partial<Record<Field, string>> {
  const result = z.safeParse(schema, values);
  const errors: Partial<Record<string, string>> = {};
  for (const issue of result.success ? [] : result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}
