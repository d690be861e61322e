import { useEffect } from 'react';

/** Names the browser tab after the page, so several open tabs and the history can be told apart. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Pick'em`;
  }, [title]);
}
