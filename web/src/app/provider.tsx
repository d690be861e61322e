import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { retryRead } from '@/lib/read-retry';
import { useSessionId } from '@/lib/session';
import { ToastProvider } from '@/ui/toast';

export function AppProvider({ children }: { children: ReactNode }) {
  const session = useSessionId();
  // Toasts sit outside the per-session cache so a notice survives the session starting or ending.
  // Each session gets a fresh cache (keyed remount), so nothing one user loaded is shown to the next; a token renewed
  // within the session (a password change) keeps it, and the page as it is.
  return (
    <ToastProvider>
      <SWRConfig key={session ?? 'signed-out'} value={{ provider: () => new Map(), onErrorRetry: retryRead }}>
        {children}
      </SWRConfig>
    </ToastProvider>
  );
}
