import '@portal/web-kit/test-dom';
import { loadLanguage } from '../lib/i18n';

// Screens render with their texts: both languages are loaded before any test.
await Promise.all([loadLanguage('en'), loadLanguage('zh_CN')]);
