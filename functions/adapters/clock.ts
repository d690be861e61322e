// The one clock production code reads. PICKEM_NOW (an ISO instant) starts the clock at that
// moment and lets it run, so a demo or a test can stand on a bonus day or after kickoff.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const fixedClock = (at: string | Date): Clock => ({ now: () => new Date(at) });

// When each PICKEM_NOW was first read. Every reader of one value shares one clock: each area's handler
// builds its dependencies at its first request, and a token issued by one area must not be dated in the
// future of another.
const firstRead = new Map<string, number>();

export function clockFromEnv(value: string | undefined): Clock {
  if (!value) return systemClock;
  const start = Date.parse(value);
  if (Number.isNaN(start)) throw new Error(`PICKEM_NOW must be an ISO date-time, got '${value}'`);
  if (!firstRead.has(value)) firstRead.set(value, Date.now());
  const offset = start - firstRead.get(value)!;
  return { now: () => new Date(Date.now() + offset) };
}
