/**
 * The fields of `after` whose values differ from `before`: what an edit form sends, so that it undoes no change another
 * administrator made to the other fields since the form was filled (docs/rules.md, Users and Teams).
 */
export function changedFields<T extends object, K extends keyof T>(
  before: Partial<T>,
  after: T,
  keys: readonly K[],
): Partial<Pick<T, K>> {
  return Object.fromEntries(
    keys.filter((key) => after[key] !== before[key]).map((key) => [key, after[key]]),
  ) as Partial<Pick<T, K>>;
}
