import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { ApiError } from '@/lib/api-client';
import { useSessionToken } from '@/lib/session';
import { ToastProvider } from '@/ui/toast';

// A 4xx will not change by asking again; network failures and 5xx are worth retrying.
const isRetryable = (error: Error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export function AppProvider({ children }: { children: ReactNode }) {
  const token = useSessionToken();
  // Toasts sit outside the per-session cache so a notice survives the session starting or ending.
  // Each session gets a fresh cache (keyed remount), so nothing one user loaded is shown to the next.
  return (
    <ToastProvider>
      <SWRConfig key={token ?? 'signed-out'} value={{ provider: () => new Map(), shouldRetryOnError: isRetryable }}>
        {children}
      </SWRConfig>
    </ToastProvider>
  );
}
