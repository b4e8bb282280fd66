/**
 * Every namespace of this language in one chunk, loaded when the language is used. The chunk
 * imports nothing (lib/i18n.ts names the namespaces), so it arrives in one request.
 */
export default import.meta.glob<{ default: Record<string, unknown> }>('./*.json', {
  eager: true,
});
