// The app's one clock: the server's (docs/rules.md, One clock). Every API answer says the server's time; the
// offset from this device's clock is kept, so the current week, the bonus days, what has kicked off and every
// countdown follow the server even when the device's clock is days off.
import { useEffect, useState } from 'react';
import { serverTimeHeader } from '#domain/contracts/server-time.ts';

let offsetMs = 0;

/**
 * Notes the server's time an answer carries: it was read about halfway between sending and receiving, so the offset
 * is taken at the midpoint of the round trip.
 */
export function noteServerTime(headers: Headers, sentAt: number, receivedAt: number): void {
  const server = Date.parse(headers.get(serverTimeHeader) ?? '');
  // An answer from a cache (the live version, kept a few seconds by CloudFront) is `Age` seconds older than now.
  const ageMs = (Number(headers.get('age')) || 0) * 1000;
  if (!Number.isNaN(server)) offsetMs = server + ageMs - (sentAt + receivedAt) / 2;
}

/** The server's time now, in milliseconds. */
export const serverNow = (): number => Date.now() + offsetMs;

/** The server's time now, as a Date. */
export const serverDate = (): Date => new Date(serverNow());

/** A timer waits at most an hour, then looks again (a far moment is past what setTimeout takes). */
const maxTimerMs = 60 * 60 * 1000;

/**
 * Calls `act` at each moment `nextAfter(now)` names (server time, ms) until it names none, a far one waited for an
 * hour at a time; answers the stop.
 */
export function atServerMoments(nextAfter: (now: number) => number | undefined, act: () => void): () => void {
  let timer: number | undefined;
  const wake = () => {
    const now = serverNow();
    const next = nextAfter(now);
    if (next === undefined) return;
    const wait = next - now;
    timer = window.setTimeout(
      () => {
        if (wait <= maxTimerMs) act();
        wake();
      },
      Math.min(wait, maxTimerMs),
    );
  };
  wake();
  return () => window.clearTimeout(timer);
}

/**
 * The server's time, moving every intervalMs (a countdown counts) and at each of `moments` (server time, ms): a game
 * locks the moment it starts, not up to an interval later.
 */
export function useServerNow(intervalMs = 30_000, moments: readonly number[] = noMoments): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(serverNow()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  useEffect(
    () =>
      atServerMoments(
        (at) => moments.filter((moment) => moment > at).reduce<number | undefined>(earlier, undefined),
        () => setNow(serverNow()),
      ),
    [moments],
  );
  return now;
}

const noMoments: readonly number[] = [];
const earlier = (least: number | undefined, moment: number) => (least === undefined || moment < least ? moment : least);
