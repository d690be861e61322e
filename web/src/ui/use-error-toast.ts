import { useEffect } from 'react';
import { useToast } from './toast';

/** Shows a failed load's error text in a toast (docs/rules.md, Notices), once per error. */
export function useErrorToast(error: unknown): void {
  const toast = useToast();
  useEffect(() => {
    if (error) toast.notifyError(error);
  }, [error, toast]);
}
