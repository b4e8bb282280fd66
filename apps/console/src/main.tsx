import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './app/styles';
import { initialLanguage, loadLanguage } from './lib/i18n';
import { AppProvider } from './app/provider';
import { router } from './app/router';

// The texts arrive first, so no screen flashes its keys.
void loadLanguage(initialLanguage()).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
});
