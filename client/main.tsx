import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './api/query-client';
import { App } from './app/App';
import { wasSignedIn } from './app/signed-in-hint';
import './styles.css';

const queryClient = createQueryClient();
// A screen the server drew into the page (app/first-paint.tsx) comes with the answers it was drawn from: the app
// starts from them, signed in, and draws the same screen without asking again.
const firstData = document.getElementById('first-data');
if (firstData?.textContent) hydrate(queryClient, JSON.parse(firstData.textContent));
// A bottom-navigation screen's chunks and data start loading now, beside the session check (route-preload.ts).
if (firstData || wasSignedIn()) {
  void import('./app/route-preload').then((m) => m.preloadRoute(queryClient, window.location.pathname));
}
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
});
