import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './app/styles';
import { AppProvider } from './app/provider';
import { router } from './app/router';
import { initialLanguage, loadLanguage } from './lib/i18n';

// The visitor's language arrives as its own small chunk, fetched in parallel with the screen's.
void loadLanguage(initialLanguage()).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  ),
);
