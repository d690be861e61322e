import { describe, expect, it } from 'vitest';
import { assertUsersCsvHeader, readUsersCsv, type UsersCsvContext } from '#domain/accounts/users-csv.ts';
import { Permission } from '#domain/auth/permissions.ts';
import { type Role, RoleType } from '#domain/auth/user.ts';
import { ValidationError } from '#domain/errors.ts';

const role = (id: number, name: string, permissions: Permission[]): Role => ({
  id,
  name,
  clientId: 2,
  roleType: RoleType.UserCreated,
  permissions,
});
const bettor = role(7, 'Bettor', [Permission.ViewOwnProfile, Permission.SetBets]);
const admin = role(8, 'Company Admin', [Permission.ViewUsers, Permission.EditUsers, Permission.DeleteUsers]);
const context: UsersCsvContext = {
  roles: [bettor, admin],
  importer: { permissions: [...bettor.permissions, ...admin.permissions, Permission.DeleteClients] },
};

const bytes = (text: string) => new TextEncoder().encode(text);
const read = (text: string) => readUsersCsv(bytes(text), context);
const header = 'login,email,first name,last name,display name,phone,role';
const row = (login: string, extra = '') => `${login},${login}@example.com,Ann,Lee,${login} D,555-0101,Bettor${extra}`;

const users = (text: string) => read(text).lines.flatMap((line) => ('user' in line ? [line.user] : []));
const refused = (text: string) => read(text).lines.flatMap((line) => ('refused' in line ? [line.refused] : []));

describe('users CSV: reading the file', () => {
  it('reads a header and one user per line, numbering lines as an editor does (the header is line 1)', () => {
    const read = users(`${header}\n${row('ann')}\n${row('bob')}\n`);
    expect(read).toEqual([
      {
        line: 2,
        login: 'ann',
        emailAddress: 'ann@example.com',
        firstName: 'Ann',
        lastName: 'Lee',
        displayName: 'ann D',
        middleName: '',
        phoneNumber: '555-0101',
        roleId: 7,
        active: true,
      },
      expect.objectContaining({ line: 3, login: 'bob' }),
    ]);
  });

  it("ignores columns named like what every object inherits ('constructor', '__proto__'), as any unknown column", () => {
    const extra = ',constructor,constructor,__proto__,toString';
    expect(users(`${header}${extra}\n${row('ann', ',a,b,c,d')}\n`)).toEqual(users(`${header}\n${row('ann')}\n`));
  });

  it('keeps commas inside quoted fields', () => {
    const [user] = users(`${header}\nann,ann@example.com,Ann,"Lee, Jr.","Lee, Ann",555-0101,Bettor\n`);
    expect(user).toMatchObject({ lastName: 'Lee, Jr.', displayName: 'Lee, Ann' });
  });

  it('drops a UTF-8 byte-order mark, so the first column is still found', () => {
    const text = `\uFEFF${header}\n${row('ann')}\n`;
    expect(new TextEncoder().encode(text).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(users(text)).toEqual([expect.objectContaining({ line: 2, login: 'ann' })]);
  });

  it('reads CRLF line ends as LF ones', () => {
    const text = [header, row('ann'), '', row('bob')].join('\r\n') + '\r\n';
    expect(users(text).map(({ line, login }) => [line, login])).toEqual([
      [2, 'ann'],
      [4, 'bob'],
    ]);
  });

  it('finds the columns by name in any order, ignoring case, spaces and underscores', () => {
    const text =
      'ROLE,Display_Name,phone,LastName,first_name,Notes,E-mail,Login,active\n' +
      'Bettor,Ann D,,Lee,Ann,ignored,ann@example.com,ann,no\n';
    expect(users(text)).toEqual([
      expect.objectContaining({ login: 'ann', emailAddress: 'ann@example.com', displayName: 'Ann D', active: false }),
    ]);
  });

  it('numbers lines after a quoted field spanning lines as an editor shows them, with LF or CRLF', () => {
    for (const end of ['\n', '\r\n']) {
      const text = [
        `${header},notes`,
        `ann,ann@example.com,Ann,Lee,Ann,,Bettor,"first${end}second, third"`,
        row('bob'),
        `cee,cee@example.com,Cee,Lee,"Cee${end}Lee",,Bettor`,
        'x,bad',
      ].join(end);
      const { lines } = read(text);
      expect(lines.map((line) => ('user' in line ? line.user.line : line.refused.line))).toEqual([2, 4, 5, 7]);
      // A name is one line: a line break inside it is refused, on the line where the record starts.
      expect(lines[2]).toEqual({
        refused: { line: 5, login: 'cee', reason: 'Display name may not contain control or text-direction characters' },
      });
    }
  });

  it('reads active as yes/no/true/false/1/0, blank meaning yes, and refuses anything else', () => {
    const cells = ['yes', 'No', 'TRUE', 'false', '1', '0', '', 'maybe', 'constructor', '__proto__'];
    const text = `${header},active\n${cells.map((active, index) => row(`u${index}a`, `,${active}`)).join('\n')}`;
    expect(users(text).map((user) => user.active)).toEqual([true, false, true, false, true, false, true]);
    // Names every object has (its prototype's) are no answer either.
    expect(refused(text).map(({ line, reason }) => [line, reason.slice(reason.indexOf('not'))])).toEqual([
      [9, "not 'maybe'"],
      [10, "not 'constructor'"],
      [11, "not '__proto__'"],
    ]);
  });
});

describe('users CSV: refused lines', () => {
  it('refuses a bad e-mail with the sign-up rule, naming the line and the login', () => {
    expect(refused(`${header}\n${row('ann')}\nbob,not-an-address,Bob,Lee,Bob,,Bettor\n`)).toEqual([
      { line: 3, login: 'bob', reason: 'Email is not valid' },
    ]);
  });

  it('applies the sign-up rules to login, names and phone', () => {
    const text = [
      header,
      'a b,ab@example.com,A,B,AB,,Bettor',
      'cee,cee@example.com,,Lee,Cee,,Bettor',
      'dee,dee@example.com,Dee,Lee,Dee,call me,Bettor',
    ].join('\n');
    expect(refused(text).map(({ line, reason }) => [line, reason])).toEqual([
      [2, expect.stringContaining('Login may use')],
      [3, 'First name is required'],
      [4, 'Phone number is not valid'],
    ]);
  });

  it('takes the role by name (any case) among the client’s roles; an unknown one is refused', () => {
    const text = `${header}\n${row('ann').replace('Bettor', 'company admin')}\n${row('bob').replace('Bettor', 'Coach')}`;
    expect(users(text)).toEqual([expect.objectContaining({ login: 'ann', roleId: 8 })]);
    expect(refused(text)).toEqual([{ line: 3, login: 'bob', reason: "unknown role 'Coach'" }]);
  });

  it('refuses a role holding permissions the importer does not hold', () => {
    const text = `${header}\n${row('ann').replace('Bettor', 'Company Admin')}`;
    const importer = { permissions: [Permission.ViewOwnProfile, Permission.DeleteClients] };
    const result = readUsersCsv(bytes(text), { ...context, importer });
    expect(result.lines).toEqual([
      {
        refused: {
          line: 2,
          login: 'ann',
          reason:
            "The role 'Company Admin' holds permissions you do not hold: 'view users of client', 'create and modify users of client', 'delete users of client'",
        },
      },
    ]);
  });

  it("gives a role other than Bettor only for an importer holding 'delete clients', as User/create does", () => {
    const text = `${header}\n${row('ann').replace('Bettor', 'Company Admin')}\n${row('bob')}`;
    const importer = { permissions: [...bettor.permissions, ...admin.permissions] };
    const result = readUsersCsv(bytes(text), { ...context, importer });
    expect(result.lines).toEqual([
      {
        refused: {
          line: 2,
          login: 'ann',
          reason: "Giving the role 'Company Admin' needs the permission 'delete clients'",
        },
      },
      { user: expect.objectContaining({ login: 'bob', roleId: 7 }) },
    ]);
  });

  it('refuses a second line with a login already in the file (in any case), naming the first line', () => {
    expect(refused(`${header}\n${row('ann')}\n${row('bob')}\n${row('ANN')}`)).toEqual([
      { line: 4, login: 'ANN', reason: 'duplicate login in the file, first on line 2' },
    ]);
  });
});

describe('users CSV: files refused as a whole', () => {
  const refusal = (text: string | Uint8Array) => {
    try {
      readUsersCsv(typeof text === 'string' ? bytes(text) : text, context);
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      return (error as ValidationError).message;
    }
    throw new Error('the file was accepted');
  };

  it('refuses a header without a required column, naming it', () => {
    expect(refusal(`login,email,first name,last name,display name,role\n${row('ann')}`)).toBe(
      'The file is not a CSV of users: the header row (line 1) lacks the columns phone',
    );
  });

  it('refuses a file with no header row (the first line is a user)', () => {
    expect(refusal(`${row('ann')}\n${row('bob')}`)).toContain('lacks the columns');
  });

  it('refuses an empty file and a binary one', () => {
    expect(refusal('')).toContain('empty');
    expect(refusal(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]))).toContain(
      'not UTF-8',
    );
    expect(refusal(bytes('login\0email\n'))).toContain('binary');
  });

  it('refuses 10,001 rows, and reads 10,000', () => {
    const rows = Array.from({ length: 10_001 }, (_, index) => row(`user${index}`));
    expect(refusal([header, ...rows].join('\n'))).toBe(
      'The file has more than 10,000 rows; split it into smaller files',
    );
    expect(read([header, ...rows.slice(1)].join('\n')).total).toBe(10_000);
  });

  it('refuses more than 4 MB', () => {
    expect(refusal(new Uint8Array(4 * 1024 * 1024 + 1).fill(0x41))).toBe('The file is larger than 4 MB');
  });

  // The reader's own wording (domain/accounts/csv-records.ts) since it replaced csv-parse: the same heading, then the
  // field and the line the quote opens on, where csv-parse named the line where reading stopped.
  it('refuses broken quoting, naming the field and the line', () => {
    expect(refusal(`${header}\nann,"ann@example.com,Ann\n`)).toBe(
      'The file is not a CSV of users: Quote Not Closed: the quote opening field 2 on line 2 is never closed',
    );
    expect(refusal(`${header}\nann,"ann"@example.com,Ann\n`)).toContain('Invalid Closing Quote: got "@"');
    expect(refusal(`${header}\nann,ann@example.com,Ann "Al"\n`)).toContain(
      'Invalid Opening Quote: field 3 on line 2 holds a quote',
    );
  });

  it('checks the header at upload without reading the rows', () => {
    expect(() => assertUsersCsvHeader(bytes(`\uFEFF${header}\r\nanything"`))).not.toThrow();
    expect(() => assertUsersCsvHeader(bytes('name,score\n'))).toThrow('lacks the columns login, email');
    expect(() => assertUsersCsvHeader(bytes(`login,"email\n${row('ann')}`))).toThrow('Quote Not Closed');
  });
});
