import '../test-dom';
import { loadLanguage, setLanguageBundles } from '../i18n';
import { TEST_BUNDLES } from './texts';

setLanguageBundles(TEST_BUNDLES);
await Promise.all([loadLanguage('en'), loadLanguage('zh_CN')]);
