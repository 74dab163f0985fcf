import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { createQueryClient } from '../api/query-client';
import { useTrackLocation } from '../lib/came-from';
import { ThemeProvider } from '../lib/theme';
import { LazyToaster } from '../ui/LazyToaster';

/** App-wide providers. TooltipProvider lives in SignedInApp: tooltips (and their positioning code) are signed-in only. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
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
