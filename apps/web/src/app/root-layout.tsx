import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { BlankLoader } from '../components/page-loader.tsx';
import { DocumentHead } from './document-head.tsx';
import { NavigationGuard } from './guard.tsx';
import { TopProgressBar } from './progress/progress-bar.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';

/** Around every page: the progress bar, scroll to top, the navigation guard, the document head. */
export function RootLayout() {
  return (
    <>
      <TopProgressBar />
      <ScrollToTop />
      <NavigationGuard>
        <Suspense fallback={null}>
          <DocumentHead />
        </Suspense>
        <Suspense fallback={<BlankLoader />}>
          <Outlet />
        </Suspense>
      </NavigationGuard>
    </>
  );
}
