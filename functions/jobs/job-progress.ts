/** Notes how far a job is: rows done of all rows (docs/rules.md, Long jobs). */
export type JobProgress = (done: number, total: number) => Promise<void>;

/** How many rows are recorded between two notes of progress. */
export const progressStep = 25;
