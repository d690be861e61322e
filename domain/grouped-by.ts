// Items gathered by a key, as imports gather their commands per game and their games per week.

/** The items grouped by key: each group in the items' order, the groups in the order of their first item. */
export function groupedBy<T, K>(items: Iterable<T>, keyOf: (item: T) => K): [K, T[]][] {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return [...groups];
}
