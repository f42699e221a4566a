import { use, type ReactNode } from 'react';
import { QueryClientContext, QueryClientProvider, useIsFetching } from '@tanstack/react-query';
import { queryClient as defaultQueryClient } from '../lib/query-client.ts';
import { useProgressSource } from './progress/progress-sources.ts';
import { QueryClientOverride } from './query-client-context.ts';

function ProgressSource() {
  useProgressSource();
  return null;
}

/** Keeps the top progress bar running during a screen's first data load (no data yet). */
function FirstLoadProgress() {
  // Queries of the page furniture opt out with `meta: { progress: false }`.
  const firstLoads = useIsFetching({ predicate: (query) => query.state.data === undefined && query.meta?.progress !== false });
  return firstLoads > 0 ? <ProgressSource /> : null;
}

/**
 * Server state (react-query) for the signed-in layout and the public forms. It is not part of the
 * landing page's download: the app layout renders it, and public screens get it through
 * withQueryScope (app/query-scope-lazy.tsx). A client already provided above is kept.
 */
export function QueryScope({ children }: { children: ReactNode }) {
  const existing = use(QueryClientContext);
  const override = use(QueryClientOverride);
  const content = (
    <>
      <FirstLoadProgress />
      {children}
    </>
  );
  if (existing) return content;
  return <QueryClientProvider client={override ?? defaultQueryClient}>{content}</QueryClientProvider>;
}
