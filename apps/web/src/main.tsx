import '@fontsource-variable/inter';
import '@mantine/core/styles.css';
import './app/global.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouterProvider } from './app/app-router.tsx';
import { Providers } from './app/providers.tsx';
import { RootError } from './app/route-error.tsx';
import { BlankLoader } from './components/page-loader.tsx';
import { createAppRouter } from './app/router.tsx';
import { i18nReady } from './lib/i18n.ts';
import { prefetchPublicSettings } from './lib/public-settings.ts';

// The router starts its route loads (the first screen's code and translations) at once, in parallel
// with the first translations (common) that i18nReady waits for.
const router = createAppRouter();
// Every page shows the agency's name and title: ask for them at once too.
prefetchPublicSettings();
const root = createRoot(document.getElementById('root') as HTMLElement);

void i18nReady.finally(() => {
  root.render(
    <StrictMode>
      <Providers>
        <AppRouterProvider router={router} fallback={<BlankLoader />} rootError={(error) => <RootError error={error} />} />
      </Providers>
    </StrictMode>,
  );
});
