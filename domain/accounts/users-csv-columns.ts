// The columns of a users CSV (docs/rules.md, Users CSV import), apart from the parser so the browser can offer a
// template without it.

export type Column =
  'login' | 'email' | 'firstName' | 'lastName' | 'displayName' | 'middleName' | 'phone' | 'role' | 'active';

export const requiredColumns: { column: Column; label: string }[] = [
  { column: 'login', label: 'login' },
  { column: 'email', label: 'email' },
  { column: 'firstName', label: 'first name' },
  { column: 'lastName', label: 'last name' },
  { column: 'displayName', label: 'display name' },
  { column: 'phone', label: 'phone' },
  { column: 'role', label: 'role' },
];

/** The header row of a template file: every column the import reads, the required ones first. */
export const usersCsvTemplateHeader: readonly string[] = [...requiredColumns.map(({ label }) => label), 'active'];
