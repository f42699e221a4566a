import type { ReactNode } from 'react';
import { Container } from '@mantine/core';
import { ErrorState } from '../components/error-state.tsx';
import { PublicPage } from '../components/public-header.tsx';
import { useRouteLoadFailure } from './app-router.tsx';

/**
 * The error state of a route: a screen whose code did not download (network, time-out after
 * 120 s) or whose translations failed. "Try again" downloads them again.
 * In the app layout it renders inside the layout; public pages get the public header.
 */
function RouteError({ frame, error, onRetry }: { frame: 'public' | 'app'; error: unknown; onRetry: () => void }) {
  const content = <ErrorState error={error} onRetry={onRetry} />;
  if (frame === 'app') return content;
  return (
    <PublicPage>
      <Container size="lg">{content}</Container>
    </PublicPage>
  );
}

/** Renders the route's element, or its error state when what the route downloads failed. */
export function RouteBoundary({ routeId, frame, children }: { routeId: string; frame: 'public' | 'app'; children: ReactNode }) {
  const { failure, retry } = useRouteLoadFailure();
  if (failure && failure.routeId === routeId) return <RouteError frame={frame} error={failure.error} onRetry={retry} />;
  return children;
}

/** Last resort, when a layout itself failed: the whole page is the error state; retry reloads. */
export function RootError({ error }: { error: unknown }) {
  return (
    <Container size="sm">
      <ErrorState error={error} onRetry={() => window.location.reload()} />
    </Container>
  );
}
