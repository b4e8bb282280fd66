import { bundleOf } from '../../lib/locale-bundle';

/** Every namespace of this language in one chunk, loaded when the language is used. */
export default bundleOf(
  import.meta.glob<{ default: Record<string, unknown> }>('./*.json', { eager: true }),
);
