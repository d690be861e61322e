import { useSyncExternalStore } from 'react';

// With 'remember me' the token outlives the browser session (localStorage), otherwise it
// lives for this tab's session only (sessionStorage). It is read from either and cleared from both.
const tokenKey = 'pickem.token';
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToken(): string | null {
  return localStorage.getItem(tokenKey) ?? sessionStorage.getItem(tokenKey);
}

/**
 * The client the token was issued for (its `cid` claim), unverified: only a hint that lets the app ask for the
 * client's sports beside the user instead of after it. The server checks the token on every call.
 */
export function tokenClientId(token: string): number | undefined {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { cid?: unknown };
    return typeof payload.cid === 'number' ? payload.cid : undefined;
  } catch {
    return undefined;
  }
}

export function startSession(token: string, remember: boolean): void {
  const [keep, drop] = remember ? [localStorage, sessionStorage] : [sessionStorage, localStorage];
  drop.removeItem(tokenKey);
  keep.setItem(tokenKey, token);
  notify();
}

/** Swaps the token of the running session for a newer one, kept where the old one was. */
export function renewSession(token: string): void {
  startSession(token, localStorage.getItem(tokenKey) !== null);
}

export function endSession(): void {
  localStorage.removeItem(tokenKey);
  sessionStorage.removeItem(tokenKey);
  notify();
}

/** The stored token; components re-render when a session starts or ends. */
export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribe, getToken);
}
