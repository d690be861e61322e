// The columns of a users CSV (docs/rules.md, Users CSV import), apart from the parser so the browser can offer a
// template without it.

/**
 * At most 4 MB and 10,000 rows: sent as base64 in a JSON body, a file of 4 MB is a request of about 5.6 MB, within the
 * 6 MB Lambda takes (API Gateway's own limit is 10 MB).
 */
export const usersCsvLimits = { bytes: 4 * 1024 * 1024, rows: 10_000 } as const;
export const csvTooLarge = 'The file is larger than 4 MB';

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
