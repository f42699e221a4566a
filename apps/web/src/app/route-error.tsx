import { Container } from '@mantine/core';
import { isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router';
import { ErrorState } from '../components/error-state.tsx';
import { NotFoundState } from '../components/not-found-state.tsx';
import { PublicPage } from '../components/public-header.tsx';

/**
 * The error element of each route: a screen whose code did not download (network, time-out after
 * 120 s) or whose loader failed. "Try again" runs the route's loader again.
 * In the app layout it renders inside the layout; public pages get the public header.
 */
export function RouteError({ frame }: { frame: 'public' | 'app' }) {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const content =
    isRouteErrorResponse(error) && error.status === 404 ? (
      <NotFoundState />
    ) : (
      <ErrorState error={error} onRetry={() => void revalidator.revalidate()} />
    );
  if (frame === 'app') return content;
  return (
    <PublicPage>
      <Container size="lg">{content}</Container>
    </PublicPage>
  );
}

/** Last resort, when a layout itself failed: the whole page is the error state; retry reloads. */
export function RootError() {
  const error = useRouteError();
  return (
    <Container size="sm">
      <ErrorState error={error} onRetry={() => window.location.reload()} />
    </Container>
  );
}
