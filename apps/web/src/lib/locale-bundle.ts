/** `{ './auth.json': module }` → `{ auth: {...} }`: one language's namespaces by name. */
export function bundleOf(
  files: Record<string, { default: Record<string, unknown> }>,
): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(files).map(([file, module]) => [
      file.replace(/^.*\/([^/]+)\.json$/, '$1'),
      module.default,
    ]),
  );
}
