// The one clock production code reads. PICKEM_NOW (an ISO instant) starts the clock at that
// moment and lets it run, so a demo or a test can stand on a bonus day or after kickoff.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const fixedClock = (at: string | Date): Clock => ({ now: () => new Date(at) });

/** The clock at `value` from this call on, running; the system's without one. Share the one you make. */
export function clockFromEnv(value: string | undefined): Clock {
  if (!value) return systemClock;
  const start = Date.parse(value);
  if (Number.isNaN(start)) throw new Error(`PICKEM_NOW must be an ISO date-time, got '${value}'`);
  const offset = start - Date.now();
  return { now: () => new Date(Date.now() + offset) };
}
