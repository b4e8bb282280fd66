import '@portal/web-kit/test-dom';
import { notifications } from '@mantine/notifications';
import { afterEach, vi } from 'vitest';
import { loadLanguage } from '../lib/i18n';

// As in a browser, the empty media query matches: mantine-datatable shows a column only while
// its `visibleMediaQuery` (empty when not set) matches, so the kit's always-false stub would
// hide every column. Every other query still answers false.
const stubbedMatchMedia = window.matchMedia;
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    ...stubbedMatchMedia(query),
    matches: query.trim() === '',
  })),
});

// Toasts live in a store shared by every test: each test starts without the last one's (the
// host shows five at most and queues the rest).
afterEach(() => {
  notifications.clean();
});

// Screens render with their texts: both languages are loaded before any test.
await Promise.all([loadLanguage('en'), loadLanguage('zh_CN')]);
