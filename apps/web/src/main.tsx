import '@fontsource-variable/inter';
import '@mantine/core/styles.css';
import './app/global.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { i18nReady } from './lib/i18n.ts';

// The router starts its loaders (the first screen's code and translations) at once, in parallel
// with the first translations (common, errors, messages) that i18nReady waits for.
const router = createAppRouter();
const root = createRoot(document.getElementById('root') as HTMLElement);

void i18nReady.finally(() => {
  root.render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
