// Kept apart from contract.ts (zod) so the web client's first load does not carry zod.
/** Form and query fields as a call sends them: null and undefined are left out, a list repeats its name. */
export function inputParams(input: unknown): URLSearchParams {
  const params = new URLSearchParams();
  const fields = typeof input === 'object' && input !== null ? Object.entries(input) : [];
  for (const [name, value] of fields)
    for (const item of [value].flat()) if (item !== null && item !== undefined) params.append(name, String(item));
  return params;
}
