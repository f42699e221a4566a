import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Providers } from '../../app/providers.tsx';
import { createQueryClient } from '../query-client.ts';

/**
 * The app's providers for a component test: Mantine without transitions and portals (env="test"),
 * a fresh query client, and the toast/dialog host. Import './setup-dom.ts' first.
 * Prefer text queries: role queries compute every element's style, slow with Mantine in jsdom.
 */
export function renderWithProviders(ui: ReactNode) {
  const queryClient = createQueryClient();
  const result = render(
    <Providers env="test" queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </Providers>,
  );
  return { ...result, queryClient };
}

/**
 * A fetch that answers JSON per path prefix, or per exact path for a key that ends with `$`
 * (`'/api/me$'` answers `/api/me` but not `/api/me/summary`); anything else answers 404 in the
 * API's envelope.
 */
export function mockFetch(routes: Record<string, unknown>): typeof fetch {
  return (async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const path = url.split('?')[0];
    const match = Object.keys(routes).find((key) => (key.endsWith('$') ? path === key.slice(0, -1) : url.startsWith(key)));
    const body = match ? { error: false, data: routes[match] } : { error: true, code: 'ROUTE_NOT_FOUND', message: 'Route not found' };
    return new Response(JSON.stringify(body), { status: match ? 200 : 404, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}
