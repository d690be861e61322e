// A GET route's input is its query string: every key a client sends is one plain key of the parsed query.
import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../functions/http/request.ts';

describe('query strings', () => {
  it('reads a key as a value, an indexed or repeated key as a list', () => {
    expect({ ...parseQuery('a=1&b[0]=2&b[1]=3&c=4&c=5') }).toEqual({ a: '1', b: ['2', '3'], c: ['4', '5'] });
  });

  it("keys named like what every object inherits ('__proto__', 'constructor') are plain keys with the value sent", () => {
    expect(Object.entries(parseQuery('__proto__=x&constructor=y&toString[]=z&a=1'))).toEqual([
      ['__proto__', 'x'],
      ['constructor', 'y'],
      ['toString', ['z']],
      ['a', '1'],
    ]);
  });
});
