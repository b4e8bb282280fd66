/** Name of the migrated template database the PostgreSQL test run copies per test file. */
export const TEMPLATE_DATABASE = 'portal_test_template';

export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** The same server's maintenance database, for CREATE / DROP DATABASE. */
export function adminUrl(url: string): string {
  return withDatabaseName(url, 'postgres');
}
