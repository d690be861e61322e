import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../../functions/store/page-cursor.ts';

describe('a cursor sent back', () => {
  const schema = z.object({ at: z.string(), id: z.int() });

  it('reads as the page made it, whole UTF-16 pairs and all', () => {
    expect(decodeCursor(encodeCursor({ at: 'Jo 🏈', id: 7 }), schema)).toEqual({ at: 'Jo 🏈', id: 7 });
  });

  it('holding half of a UTF-16 pair alone, which no page makes and no key can hold, is 400', () => {
    expect(() => decodeCursor(encodeCursor({ at: 'Jo \uD800', id: 7 }), schema)).toThrow('The cursor is not valid');
  });
});
