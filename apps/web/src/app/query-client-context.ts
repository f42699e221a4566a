import { createContext } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/**
 * The query client that QueryScope provides when a test passes its own to <Providers>; the app
 * uses lib/query-client.ts. A context of our own, so that the entry chunk holds no react-query code.
 */
export const QueryClientOverride = createContext<QueryClient | null>(null);
