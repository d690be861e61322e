import { describe, expect, it } from 'vitest';
import { clippedCell, CsvSyntaxError, csvRecords } from '#domain/accounts/csv-records.ts';

const fields = (text: string, limit?: number) => csvRecords(text, limit).map((record) => record.fields);
const lines = (text: string) => csvRecords(text).map((record) => record.line);
const broken = (text: string) => {
  try {
    csvRecords(text);
  } catch (error) {
    expect(error).toBeInstanceOf(CsvSyntaxError);
    return (error as CsvSyntaxError).message;
  }
  throw new Error('the text was read');
};

describe('CSV records (RFC 4180)', () => {
  it('splits fields at commas and records at LF or CRLF, with or without a last line break', () => {
    expect(fields('a,b,c\nd,e,f')).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e', 'f'],
    ]);
    expect(fields('a,b\r\nc,d\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(fields('a,\n,b,\n,')).toEqual([
      ['a', ''],
      ['', 'b', ''],
      ['', ''],
    ]);
  });

  it('reads a quoted field holding commas, line breaks and doubled quotes, and an empty quoted field', () => {
    expect(fields('"a, b","say ""hi""","two\r\nlines\nthree",""\nx')).toEqual([
      ['a, b', 'say "hi"', 'two\r\nlines\nthree', ''],
      ['x'],
    ]);
    expect(fields('"a"\r\n"b"')).toEqual([['a'], ['b']]);
  });

  it('keeps a lone CR as text and spaces as they are', () => {
    expect(fields('a\rb, c \n')).toEqual([['a\rb', ' c ']]);
  });

  it('drops a leading byte-order mark and skips blank lines', () => {
    expect(fields('\uFEFFa,b\n\n\r\nc\n\n')).toEqual([['a', 'b'], ['c']]);
    expect(fields('')).toEqual([]);
    expect(fields('\n\r\n')).toEqual([]);
  });

  it('numbers each record by the line it starts on, as an editor does', () => {
    expect(lines('h\n\n"a\r\nb",c\nd\r\n\r\n"e\n\nf"\ng')).toEqual([1, 3, 5, 7, 10]);
  });

  it('reads only the first records when given a limit, not the broken quoting after them', () => {
    expect(fields('a\nb\nc"', 2)).toEqual([['a'], ['b']]);
  });

  it('refuses a quote never closed, naming the field and the line the quote opens on', () => {
    expect(broken('h\na,"b\r\nc\n')).toBe('Quote Not Closed: the quote opening field 2 on line 2 is never closed');
  });

  it('refuses text after a closing quote, naming it, the field and the line', () => {
    expect(broken('h\n"a\nb"c,d')).toBe(
      'Invalid Closing Quote: got "c" after the closing quote of field 1 on line 3; ' +
        'a quoted field ends at a comma or at the end of its line',
    );
    expect(broken('"a" ,b')).toContain('got " " after the closing quote of field 1 on line 1');
    expect(broken('a,"b"\rc')).toContain('got "\\r" after the closing quote of field 2 on line 1');
  });

  it('refuses a quote inside a field that does not start with one', () => {
    expect(broken('a,b"c\n')).toBe(
      'Invalid Opening Quote: field 2 on line 1 holds a quote but does not start with one ("b\\"c"); ' +
        'quote the whole field and double each quote inside it',
    );
    expect(broken('a, "b"')).toContain('field 2 on line 1 holds a quote');
  });
});

describe('a cell quoted in a message', () => {
  it('keeps its first characters with an ellipsis, never half of an emoji', () => {
    expect(clippedCell('short')).toBe('short');
    expect(clippedCell('abcdef', 4)).toBe('abcd…');
    expect(clippedCell('abc🏈def', 4)).toBe('abc…');
    expect(clippedCell('abc🏈def', 5)).toBe('abc🏈…');
  });
});
