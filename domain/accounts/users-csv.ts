// Reading a users CSV (docs/rules.md, Users CSV import): the whole file is refused when it is not a CSV
// of users at all; otherwise every line is either a user to create or a refusal with its reason.
// Pure: the file's bytes in, lines out; the job does the I/O.
import * as z from 'zod/mini';
import type { Permission } from '../auth/permissions.ts';
import { roleChoiceRefusal } from '../auth/role-choice.ts';
import type { NewUser, Role } from '../auth/user.ts';
import { email, limits, login, name, optionalName, optionalPhone } from '../contracts/fields.ts';
import { ValidationError } from '../errors.ts';
import { ownValue } from '../own-value.ts';
import { clippedCell, type CsvRecord, CsvSyntaxError, csvRecords } from './csv-records.ts';
import { type Column, csvTooLarge, requiredColumns, usersCsvLimits } from './users-csv-columns.ts';

/** A line that names a user the import may create. */
export interface CsvUser extends NewUser {
  line: number;
}

export interface RefusedLine {
  line: number;
  login: string;
  reason: string;
}

export type CsvLine = { user: CsvUser } | { refused: RefusedLine };

export interface UsersCsv {
  /** Data rows in the file (the header and blank lines not counted). */
  total: number;
  /** Every data row in file order. */
  lines: CsvLine[];
}

/** What a line is checked against: the client's live roles and the importer's permissions (who gives the role). */
export interface UsersCsvContext {
  roles: readonly Role[];
  importer: { permissions: readonly Permission[] };
}

const headerNames: Record<string, Column> = {
  login: 'login',
  email: 'email',
  emailaddress: 'email',
  firstname: 'firstName',
  lastname: 'lastName',
  displayname: 'displayName',
  middlename: 'middleName',
  phone: 'phone',
  phonenumber: 'phone',
  role: 'role',
  active: 'active',
};

/** 'First Name', 'first_name' and 'firstname' name one column. */
const normalHeader = (text: string) => text.replace(/[\s_-]+/g, '').toLowerCase();

const activeValues: Record<string, boolean> = {
  '': true,
  yes: true,
  true: true,
  '1': true,
  no: false,
  false: false,
  '0': false,
};

const userFields = z.object({
  login,
  emailAddress: email,
  displayName: name('Display name'),
  firstName: name('First name'),
  lastName: name('Last name'),
  middleName: optionalName('Middle name'),
  phoneNumber: optionalPhone,
});

const notCsv = (why: string) =>
  new ValidationError(`The file is not a CSV of users: ${why}`, undefined, 'NOT_A_USERS_CSV');

/** The file as text: UTF-8 (a byte-order mark is dropped) with no NUL byte, which only binary files hold. */
function textOf(bytes: Uint8Array): string {
  if (bytes.length > usersCsvLimits.bytes) throw new ValidationError(csvTooLarge, undefined, 'CSV_TOO_LARGE');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw notCsv('it is not UTF-8 text');
  }
  if (text.includes('\0')) throw notCsv('it is a binary file');
  return text;
}

/** Which field of a record each column is; refuses a header without the required columns. */
function columnsOf(header: readonly string[]): Partial<Record<Column, number>> {
  const columns: Partial<Record<Column, number>> = {};
  header.forEach((text, index) => {
    const column = ownValue(headerNames, normalHeader(text));
    if (!column) return;
    if (columns[column] !== undefined) throw notCsv(`the header names the column '${clippedCell(text.trim())}' twice`);
    columns[column] = index;
  });
  const missing = requiredColumns.filter(({ column }) => columns[column] === undefined).map(({ label }) => label);
  if (missing.length) throw notCsv(`the header row (line 1) lacks the columns ${missing.join(', ')}`);
  return columns;
}

/** The file's records, the first `limit` of them at most; broken quoting refuses the file. */
function recordsOf(text: string, limit: number): CsvRecord[] {
  try {
    return csvRecords(text, limit);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw notCsv(error.message);
    throw error;
  }
}

const firstProblem = (error: z.core.$ZodError) => error.issues[0]?.message ?? 'the line is not valid';

/**
 * Reads a users CSV: a header row naming the columns in any order, then one user per line. Throws a
 * ValidationError when the file as a whole is not one (binary, no header with the required columns,
 * unreadable quoting, larger than 4 MB, more than 10,000 rows); otherwise answers every row.
 */
export function readUsersCsv(bytes: Uint8Array, context: UsersCsvContext): UsersCsv {
  const text = textOf(bytes);
  // The header and one row more than allowed tell that the file is too long, without reading the rest.
  const records = recordsOf(text, usersCsvLimits.rows + 2);
  if (records.length === 0) throw notCsv('it is empty; the first line must be the header row');
  if (records.length > usersCsvLimits.rows + 1)
    throw new ValidationError(
      `The file has more than ${usersCsvLimits.rows.toLocaleString('en')} rows; split it into smaller files`,
      undefined,
      'CSV_TOO_MANY_ROWS',
    );
  const columns = columnsOf(records[0]!.fields);
  const roles = new Map(context.roles.map((role) => [role.name.trim().toLowerCase(), role]));
  const firstLineOf = new Map<string, number>();

  const lines = records.slice(1).map(({ fields: cells, line }): CsvLine => {
    const field = (column: Column) => {
      const at = columns[column];
      return at === undefined ? '' : (cells[at] ?? '').trim();
    };
    // The report keeps up to 1,000 refused lines in the job's record (400 KB at most): each quotes its cells clipped.
    const refuse = (reason: string): CsvLine => ({
      refused: { line, login: clippedCell(field('login'), limits.login), reason },
    });

    const fields = z.safeParse(userFields, {
      login: field('login'),
      emailAddress: field('email'),
      displayName: field('displayName'),
      firstName: field('firstName'),
      lastName: field('lastName'),
      middleName: field('middleName'),
      phoneNumber: field('phone'),
    });
    if (!fields.success) return refuse(firstProblem(fields.error));
    const roleName = field('role');
    if (!roleName) return refuse('Role is required');
    const role = roles.get(roleName.toLowerCase());
    if (!role) return refuse(`unknown role '${clippedCell(roleName)}'`);
    const refusal = roleChoiceRefusal(context.importer, role);
    if (refusal) return refuse(refusal.message);
    const active = ownValue(activeValues, field('active').toLowerCase());
    if (active === undefined)
      return refuse(`Active must be yes, no, true, false, 1, 0 or blank, not '${clippedCell(field('active'))}'`);
    const key = fields.data.login.toLowerCase();
    const first = firstLineOf.get(key);
    if (first !== undefined) return refuse(`duplicate login in the file, first on line ${first}`);
    firstLineOf.set(key, line);
    return {
      user: {
        line,
        ...fields.data,
        middleName: fields.data.middleName ?? '',
        phoneNumber: fields.data.phoneNumber ?? '',
        roleId: role.id,
        active,
      },
    };
  });
  return { total: lines.length, lines };
}

/** Checks only what the upload can check at once: the file is UTF-8 text whose first line is a users header. */
export function assertUsersCsvHeader(bytes: Uint8Array): void {
  const text = textOf(bytes);
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  if (!firstLine.trim()) throw notCsv('it is empty; the first line must be the header row');
  const header = recordsOf(firstLine, 1)[0]?.fields ?? [];
  columnsOf(header);
}
