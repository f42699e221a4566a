import { Suspense, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { OverlayHost } from './overlay-host.tsx';
import { QueryClientOverride } from './query-client-context.ts';
import { theme } from './theme.ts';

export interface ProvidersProps {
  children: ReactNode;
  /** Tests pass their own client; QueryScope (the signed-in layout, the public forms) provides it. */
  queryClient?: QueryClient;
  /** Tests pass 'test': no transitions, no portals. */
  env?: 'default' | 'test';
}

/**
 * Mantine (the colour scheme follows the system) and the host of the toasts (top-right) and
 * confirmation dialogs, which loads on first use (lib/overlay-host.ts). Server state (react-query)
 * is provided by QueryScope (app/query-scope.tsx) in the signed-in layout and around the public
 * forms, so the landing page does not download it. Translations suspend until loaded
 * (lib/i18n.ts), hence the Suspense.
 */
export function Providers({ children, queryClient, env = 'default' }: ProvidersProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" env={env}>
      <QueryClientOverride value={queryClient ?? null}>
        <Suspense fallback={null}>
          {children}
          <OverlayHost />
        </Suspense>
      </QueryClientOverride>
    </MantineProvider>
  );
}
