// The one clock production code reads. PICKEM_NOW (an ISO instant) starts the clock at that
// moment and lets it run, so a demo or a test can stand on a bonus day or after kickoff.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const fixedClock = (at: string | Date): Clock => ({ now: () => new Date(at) });

export function clockFromEnv(value: string | undefined, realNow = Date.now()): Clock {
  if (!value) return systemClock;
  const start = Date.parse(value);
  if (Number.isNaN(start)) throw new Error(`PICKEM_NOW must be an ISO date-time, got '${value}'`);
  const offset = start - realNow;
  return { now: () => new Date(Date.now() + offset) };
}
