// The opaque cursors of paged answers: JSON in base64url, made by the page that answers them. A cursor sent back may
// be crafted, so it is read only through a schema of what the page made, bound to the caller's scope (client, week,
// order), and anything else is 400 before a key is built from it: the keys a page resumes from are rebuilt from the
// cursor's fields within the caller's partition, never taken from the cursor as sent.
import * as z from 'zod/mini';
import { hasLoneSurrogate } from '#domain/contracts/fields.ts';
import { ValidationError } from '#domain/errors.ts';

export const encodeCursor = (fields: object) => Buffer.from(JSON.stringify(fields)).toString('base64url');

function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The cursor's fields as the schema reads them; 400 'The cursor is not valid' for anything else. */
export function decodeCursor<T>(text: string, schema: z.ZodMiniType<T>): T {
  const read = z.safeParse(schema, jsonOf(Buffer.from(text, 'base64url').toString('utf8')));
  if (!read.success || hasLoneSurrogate(read.data))
    throw new ValidationError('The cursor is not valid', [{ field: 'cursor', message: 'not valid' }]);
  return read.data;
}
