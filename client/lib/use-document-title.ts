import { useEffect } from 'react';

const APP_NAME = 'SweatPact';

/** Names the browser tab (and the history entry) after the screen. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
