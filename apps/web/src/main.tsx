import { StrictMode } from 'react';
import { RouterProvider } from 'react-router';
import './app/styles';
// Before the router: see language-ready.ts.
import { languageReady } from './app/language-ready';
import { AppProvider } from './app/provider';
import { PwaHost } from './app/pwa/pwa-host';
import { appQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { rememberForServer, takeDrawnAnswers } from './app/shell/drawn-screen';
import { startApp } from './app/shell/start-app';

// A screen the server drew holds its answers: the cache has them before any query asks.
takeDrawnAnswers(appQueryClient, document.getElementById('root')!);

// The browser's zone database loads on the first use of Intl (~15 ms on this machine, ~60 ms at
// a phone's CPU speed); read here, it takes a task of its own instead of lengthening the first
// screen's commit, where the signed-in frame reads the zone (decision 053). The server draws the
// next visit's screen in it and in the app's language (decision 056).
setTimeout(rememberForServer, 0);

// The router is made in a task of its own, after the entry's evaluation (a long task already on
// a phone's CPU); the visitor's language arrives as its own small chunk meanwhile.
setTimeout(() => {
  const router = createAppRouter();
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
}, 0);
