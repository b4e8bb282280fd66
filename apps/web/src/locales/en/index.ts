/**
 * Every namespace of this language in one chunk, loaded when the language is used. The chunk
 * imports nothing (the namespaces are named after the files: packages/web-kit/src/i18n), so it
 * arrives in one request.
 */
export default import.meta.glob<{ default: Record<string, unknown> }>('./*.json', {
  eager: true,
});
