import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './api/query-client';
import { App } from './app/App';
import { wasSignedIn } from './app/signed-in-hint';
import './styles.css';

const queryClient = createQueryClient();
// A bottom-navigation screen's chunks and data start loading now, beside the session check (route-preload.ts).
if (wasSignedIn()) {
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
