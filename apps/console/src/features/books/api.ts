import { queryOptions } from '@tanstack/react-query';
import { LANGUAGE_HEADER } from '@portal/shared/i18n';
import { BooksSchema } from '@portal/shared/staff';
import { notify } from '@portal/web-kit/notify';
import { api, OPS_API } from '../../lib/api-client';
import { currentLanguage } from '../../lib/i18n';
import { session } from '../../lib/session';

export interface BooksRange {
  from: string;
  to: string;
}

/** GET /api/ops/books — money per month and currency, credits per month. */
export const booksQuery = (range: BooksRange) =>
  queryOptions({
    queryKey: ['ops', 'books', range.from, range.to],
    queryFn: () => api.get(`${OPS_API}/books`, { query: { ...range }, schema: BooksSchema }),
  });

/** The file name of a `Content-Disposition: attachment; filename="…"` header. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/i.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}

/**
 * Downloads /api/ops/books.csv or .pdf with the staff token and the language header (the file
 * is written in the member's language), then saves it under the server's file name. A refusal
 * shows the server's message as the API client does.
 */
export async function downloadBooks(
  kind: 'csv' | 'pdf',
  range: BooksRange,
  failed: string,
): Promise<void> {
  const headers: Record<string, string> = { [LANGUAGE_HEADER]: currentLanguage() };
  const token = session.getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const search = new URLSearchParams({ from: range.from, to: range.to });
  let response: Response;
  try {
    response = await fetch(`${OPS_API}/books.${kind}?${search.toString()}`, { headers });
  } catch {
    notify('yellow', failed);
    return;
  }
  if (!response.ok) {
    let message = failed;
    try {
      const body = (await response.json()) as { msg?: unknown };
      if (typeof body.msg === 'string' && body.msg) message = body.msg;
    } catch {
      // Not the envelope: the generic message.
    }
    notify('yellow', message);
    return;
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(
    response.headers.get('content-disposition'),
    `books-${range.from}-${range.to}.${kind}`,
  );
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
