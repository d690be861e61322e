// A client-sent string used as a key: only an object's own properties answer it, never what every object inherits
// (`__proto__`, `constructor`, `toString`), which would otherwise read as a match.

/** The value under `key` when it is the object's own property, else undefined. */
export const ownValue = <V>(record: Readonly<Record<string, V>>, key: string): V | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined;
