import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { statusIcons, type AlertStatus } from './alert';
import { IconButton } from './button';
import { CloseIcon } from './icons';
import { useTopNoticePlace } from './top-layer';
import './toast.css';

/** Toasts and error notices disappear after 5 s unless told otherwise (docs/rules.md, Notices). */
export const toastDurationMs = 5000;
const fallbackErrorText = 'An error occurred!';
const statusNames: Record<AlertStatus, string> = {
  success: 'Success',
  warn: 'Warning',
  error: 'Error',
  info: 'Information',
};

interface Toast {
  id: number;
  status: AlertStatus;
  text: string;
  durationMs: number;
}

export interface ToastApi {
  notify(status: AlertStatus, text: string, options?: { durationMs?: number }): void;
  /** The server's error text (the API client already picked it), else 'An error occurred!' (docs/rules.md, Notices). */
  notifyError(error: unknown): void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error.trim()) return error;
  return fallbackErrorText;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);

  const api = useMemo<ToastApi>(() => {
    const notify: ToastApi['notify'] = (status, text, { durationMs = toastDurationMs } = {}) => {
      const toast = { id: nextId.current++, status, text, durationMs };
      // The same message twice restarts its clock instead of stacking a copy.
      setToasts((current) => [...current.filter((other) => other.text !== text), toast].slice(-4));
    };
    return { notify, notifyError: (error) => notify('error', errorText(error)) };
  }, []);

  // While a modal dialog is open the rest of the page is inert and under it: the notices are shown inside the dialog
  // on top, under its title (over it they would cover its controls), where they can be read, heard and dismissed, and
  // come back to the page once it closes. Their element is
  // moved, not made again, so a notice keeps its time, its pause and its place in a screen reader's queue.
  const noticePlace = useTopNoticePlace();
  const [region] = useState(() => {
    const element = document.createElement('div');
    element.className = 'ui-toasts';
    return element;
  });
  useLayoutEffect(() => {
    (noticePlace ?? document.body).append(region);
  }, [noticePlace, region]);
  useLayoutEffect(() => () => region.remove(), [region]);
  return (
    <ToastContext value={api}>
      {children}
      {createPortal(
        toasts.map((toast) => <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />),
        region,
      )}
    </ToastContext>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const [paused, setPaused] = useState(false);

  // Hovering or focusing a toast holds it so it can be read; leaving restarts its full time.
  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => onDismiss(toast.id), toast.durationMs);
    return () => window.clearTimeout(timer);
  }, [paused, toast, onDismiss]);

  return (
    <div
      className={`ui-toast ui-toast--${toast.status}`}
      role={toast.status === 'error' || toast.status === 'warn' ? 'alert' : 'status'}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span className="ui-toast__icon">{statusIcons[toast.status]}</span>
      <p className="ui-toast__text">
        <span className="visually-hidden">{statusNames[toast.status]}: </span>
        {toast.text}
      </p>
      <IconButton
        label="Dismiss"
        icon={<CloseIcon size={16} />}
        className="ui-toast__close"
        onClick={() => onDismiss(toast.id)}
      />
    </div>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast is used outside ToastProvider');
  return api;
}
