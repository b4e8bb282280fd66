import { StrictMode } from 'react';
import { RouterProvider } from 'react-router';
import './app/styles';
// Before the router: see language-ready.ts.
import { languageReady } from './app/language-ready';
import { AppProvider } from './app/provider';
import { PwaHost } from './app/pwa/pwa-host';
import { router } from './app/router';
import { startApp } from './app/shell/start-app';

// The visitor's language arrives as its own small chunk, fetched in parallel with the screen's.
void languageReady.then(() =>
  startApp(
    document.getElementById('root')!,
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
        <PwaHost />
      </AppProvider>
    </StrictMode>,
    router,
  ),
);
