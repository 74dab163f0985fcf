import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTrackLocation } from '../lib/came-from';
import { ThemeProvider } from '../lib/theme';
import { LazyToaster } from '../ui/LazyToaster';

/** App-wide providers. TooltipProvider lives in SignedInApp: tooltips (and their positioning code) are signed-in only. */
export function Providers({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  useTrackLocation();
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {children}
        <LazyToaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
