import { Suspense, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { queryClient as defaultQueryClient } from '../lib/query-client.ts';
import { OverlayHost } from './overlay-host.tsx';
import { theme } from './theme.ts';

export interface ProvidersProps {
  children: ReactNode;
  /** Tests pass their own client. */
  queryClient?: QueryClient;
  /** Tests pass 'test': no transitions, no portals. */
  env?: 'default' | 'test';
}

/**
 * Mantine (the colour scheme follows the system), server state, and the host of the toasts
 * (top-right) and confirmation dialogs, which loads on first use (lib/overlay-host.ts).
 * Translations suspend until loaded (lib/i18n.ts), hence the Suspense.
 */
export function Providers({ children, queryClient = defaultQueryClient, env = 'default' }: ProvidersProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" env={env}>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={null}>
          {children}
          <OverlayHost />
        </Suspense>
      </QueryClientProvider>
    </MantineProvider>
  );
}
