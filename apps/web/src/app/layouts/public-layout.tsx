import { Suspense } from 'react';
import { Container } from '@mantine/core';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/error-boundary.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { PublicPage } from '../../components/public-header.tsx';
import { useNavigationDecision } from '../guard.tsx';
import { NotFoundPage } from '../pages/not-found-page.tsx';

/**
 * Public pages render their own header (PublicHeader) and landmarks, so this layout is the outlet
 * with an error boundary (retry keeps the public header) and a loading state.
 */
export function PublicLayout() {
  const { pathname } = useLocation();
  const decision = useNavigationDecision();
  return (
    <ErrorBoundary
      resetKey={pathname}
      fallback={(error, retry) => (
        <PublicPage>
          <Container size="lg">
            <ErrorState error={error} onRetry={retry} />
          </Container>
        </PublicPage>
      )}
    >
      <Suspense fallback={<PageLoader />}>{decision.kind === 'notFound' ? <NotFoundPage /> : <Outlet />}</Suspense>
    </ErrorBoundary>
  );
}
