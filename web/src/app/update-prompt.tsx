import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Button } from '@/ui/button';
import '@/ui/toast.css';
import './update-prompt.css';

/** The worker's cue to take over from the running version (web/src/service-worker.ts). */
const skipWaitingMessage = 'skip-waiting';

/**
 * Registers the service worker and returns the new version's worker once one is installed and waiting, after a
 * deploy. A tab left open for hours looks for one whenever it is shown again: the hash router never navigates, which
 * is when browsers look.
 */
function useWaitingWorker(workers: ServiceWorkerContainer, scriptUrl: string) {
  const [waiting, setWaiting] = useState<ServiceWorker>();
  useEffect(() => {
    let registration: ServiceWorkerRegistration | undefined;
    let stopped = false;
    // A first install passes through waiting too, with no version running to replace. Kept once seen: when another
    // tab lets it take over, this tab still runs the old version and still needs a reload.
    const offerWaiting = () => {
      if (!stopped && registration?.waiting && registration.active) setWaiting(registration.waiting);
    };
    const watchInstall = () => registration?.installing?.addEventListener('statechange', offerWaiting);
    void workers.register(scriptUrl).then(
      (found) => {
        if (stopped) return;
        registration = found;
        found.addEventListener('updatefound', watchInstall);
        offerWaiting();
      },
      // The app works as well without: a browser that refuses workers (private windows in some) only goes without.
      () => undefined,
    );
    const lookWhenShown = () => {
      if (document.visibilityState === 'visible') registration?.update().catch(() => undefined);
    };
    document.addEventListener('visibilitychange', lookWhenShown);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', lookWhenShown);
      registration?.removeEventListener('updatefound', watchInstall);
    };
  }, [workers, scriptUrl]);
  return waiting;
}

export interface UpdatePromptProps {
  workers: ServiceWorkerContainer;
  scriptUrl?: string;
}

/**
 * 'A new version is ready' once a deploy's worker waits: Reload lets it take over and reloads the page once it has;
 * Not now leaves this page as it is (the next visit opens the new version).
 */
export function UpdatePrompt({ workers, scriptUrl = '/sw.js' }: UpdatePromptProps) {
  const waiting = useWaitingWorker(workers, scriptUrl);
  const [dismissed, setDismissed] = useState<ServiceWorker>();
  const [reloading, setReloading] = useState(false);
  const shown = waiting !== undefined && waiting !== dismissed;

  const reload = () => {
    setReloading(true);
    if (waiting?.state !== 'installed') return window.location.reload();
    workers.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    waiting.postMessage(skipWaitingMessage);
  };

  // Always in the page, so that screen readers announce the notice when it appears in it.
  return (
    <div className="update-prompt-region" role="status">
      {shown && (
        <div className="ui-toast update-prompt">
          <p className="update-prompt__text">A new version is ready</p>
          <div className="update-prompt__actions">
            <Button variant="ghost" onClick={() => setDismissed(waiting)} disabled={reloading}>
              Not now
            </Button>
            <Button onClick={reload} isLoading={reloading}>
              Reload
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}

/** The prompt in a root of its own, beside the app's: main.tsx loads this module once the page has loaded. */
export function mountUpdatePrompt(workers: ServiceWorkerContainer) {
  const container = document.createElement('div');
  document.body.append(container);
  createRoot(container).render(<UpdatePrompt workers={workers} />);
}
