import { Suspense } from 'react';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { lazyScreen } from '../lib/lazy-screen.tsx';
import { useOverlayHostRequests } from '../lib/overlay-host.ts';

const host = lazyScreen(() => import('./overlay-host-content.tsx'));

/** Mounts toasts and confirmation dialogs on first use (see lib/overlay-host.ts). */
export function OverlayHost() {
  const requests = useOverlayHostRequests();
  if (requests === 0) return null;
  const Host = host.Component;
  return (
    <ErrorBoundary resetKey={requests} fallback={() => null}>
      <Suspense fallback={null}>
        <Host />
      </Suspense>
    </ErrorBoundary>
  );
}
