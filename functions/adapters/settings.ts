/**
 * The configuration handed to the code, named as a Lambda's environment names it (EVENTS_TABLE, SPORTS_PROVIDER...).
 * A Lambda is handed process.env; the local stack a record of its own, so two stacks in one process differ.
 */
export type Settings = Readonly<Record<string, string | undefined>>;
