import { StrictMode } from 'react';
import { BlankLoader } from '../components/page-loader.tsx';
import { AppRouterProvider, type AppRouter } from './app-router.tsx';
import { Providers } from './providers.tsx';
import { RootError } from './route-error.tsx';

/**
 * The whole app around a router. main.tsx renders it in the browser; the build prerenders the
 * landing page with the same tree (src/prerender/render-landing.tsx), so hydration finds the
 * same markup.
 */
export function AppRoot({ router }: { router: AppRouter }) {
  return (
    <StrictMode>
      <Providers>
        <AppRouterProvider router={router} fallback={<BlankLoader />} rootError={(error) => <RootError error={error} />} />
      </Providers>
    </StrictMode>
  );
}
