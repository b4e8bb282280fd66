import { queryOptions } from '@tanstack/react-query';
import { BooksSchema } from '@portal/shared/staff';
import { saveDownload } from '@portal/web-kit/api-client';
import { api, OPS_API } from '../../lib/api-client';

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

/**
 * Downloads /api/ops/books.csv or .pdf (written in the member's language) and saves it under
 * the server's file name. A refusal shows the server's message (the API client's rule); a
 * network failure or an answer without a message shows `failed`.
 */
export async function downloadBooks(
  kind: 'csv' | 'pdf',
  range: BooksRange,
  failed: string,
): Promise<void> {
  await saveDownload(api, `${OPS_API}/books.${kind}`, {
    query: { ...range },
    fallbackName: `books-${range.from}-${range.to}.${kind}`,
    failed,
  });
}
