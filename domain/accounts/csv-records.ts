// Reading CSV text into records, as RFC 4180 writes them: fields split by commas, records by CRLF or LF; a field
// in double quotes may hold commas, line breaks and quotes (each doubled). A quote anywhere else, or text after a
// closing quote, is broken quoting and refuses the text. A lone CR is text, a leading byte-order mark is dropped,
// blank lines are skipped and a record may have any number of fields. Pure: the text in, the records out.

/** One record: its fields, and the line it starts on as an editor numbers lines (the first line is 1). */
export interface CsvRecord {
  fields: string[];
  line: number;
}

/** Broken quoting; the message names the field and the line. */
export class CsvSyntaxError extends Error {}

const fieldEnd = /[,\n]/g;
/** A cell's text as a message quotes it: its first `max` characters (no UTF-16 pair split), so no huge message. */
export function clippedCell(text: string, max = 40) {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text[max - 1]!) ? max - 1 : max;
  return `${text.slice(0, end)}…`;
}
const shown = (text: string) => JSON.stringify(clippedCell(text));
const breaksIn = (text: string) => text.split('\n').length - 1;

/** The records of `text`, the first `limit` of them at most (the rest is not read). */
export function csvRecords(text: string, limit = Number.POSITIVE_INFINITY): CsvRecord[] {
  const records: CsvRecord[] = [];
  const end = text.length;
  let at = text.startsWith('\uFEFF') ? 1 : 0;
  let line = 1;
  while (at < end && records.length < limit) {
    const blank = text[at] === '\n' ? 1 : text.startsWith('\r\n', at) ? 2 : 0;
    if (blank) {
      at += blank;
      line++;
      continue;
    }
    const record: CsvRecord = { fields: [], line };
    for (;;) {
      const field = record.fields.length + 1;
      if (text[at] === '"') {
        const opened = line;
        let value = '';
        let from = at + 1;
        for (;;) {
          const quote = text.indexOf('"', from);
          if (quote < 0)
            throw new CsvSyntaxError(
              `Quote Not Closed: the quote opening field ${field} on line ${opened} is never closed`,
            );
          value += text.slice(from, quote);
          if (text[quote + 1] !== '"') {
            at = quote + 1;
            break;
          }
          value += '"';
          from = quote + 2;
        }
        line += breaksIn(value);
        const next = text[at];
        if (at < end && next !== ',' && next !== '\n' && !text.startsWith('\r\n', at))
          throw new CsvSyntaxError(
            `Invalid Closing Quote: got ${shown(next!)} after the closing quote of field ${field} on line ${line}; ` +
              'a quoted field ends at a comma or at the end of its line',
          );
        record.fields.push(value);
        if (next === '\r') at++;
      } else {
        fieldEnd.lastIndex = at;
        const stop = fieldEnd.exec(text)?.index ?? end;
        let value = text.slice(at, stop);
        if (text[stop] === '\n' && value.endsWith('\r')) value = value.slice(0, -1);
        if (value.includes('"'))
          throw new CsvSyntaxError(
            `Invalid Opening Quote: field ${field} on line ${line} holds a quote but does not start with one ` +
              `(${shown(value)}); quote the whole field and double each quote inside it`,
          );
        record.fields.push(value);
        at = stop;
      }
      if (at >= end) break;
      at++;
      if (text[at - 1] === '\n') {
        line++;
        break;
      }
    }
    records.push(record);
  }
  return records;
}
