import { renderWithProviders as renderWithKit } from '@portal/web-kit/test';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';

export { stubFetch } from '@portal/web-kit/test';

/**
 * Renders a screen with the kit's providers (web-kit/test; the kit's i18n instance holds the app's
 * texts, loaded by setup.ts), a fresh query cache and a memory router at `route`.
 */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  return renderWithKit(<MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>);
}
