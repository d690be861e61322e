// The one way the web tests fake the server: its JSON answers, the app around a component (a data cache of its own
// and the toasts), and undoing the stubbed fetch and the rendered screen after each test.
import { cleanup } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, vi } from 'vitest';
import { ToastProvider } from '@/ui/toast';

/** The server's answer: `body` as JSON with `status`. */
export const jsonAnswer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** `ui` in a fresh app: an empty data cache, so nothing is left from another test, and the toasts. */
export const inFreshApp = (ui: ReactNode) => (
  <SWRConfig value={{ provider: () => new Map() }}>
    <ToastProvider>{ui}</ToastProvider>
  </SWRConfig>
);

/** Registers the file's afterEach: the screen is cleaned up and every stubbed global (fetch, navigator) put back. */
export function cleanUpAfterEach() {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
