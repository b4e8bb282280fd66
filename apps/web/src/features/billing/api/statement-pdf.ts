import { saveDownload } from '@portal/web-kit/api-client';
import { timeDiff } from '@portal/web-kit/time';
import { api } from '../../../lib/api-client';

/**
 * Downloads the monthly statement as PDF (GET /api/statementPdf, issue #25) in the parent's
 * language with this browser's offset (the times the screen shows, decision 035), and saves it
 * under the server's file name. A refusal shows the server's message and an ended session signs
 * out (the API client's rules); a network failure shows `failed`. Answers whether it was saved.
 */
export function downloadStatementPdf(month: string | undefined, failed: string): Promise<boolean> {
  return saveDownload(api, '/api/statementPdf', {
    query: { time_diff: timeDiff(), month },
    fallbackName: `statement-${month ?? 'month'}.pdf`,
    failed,
  });
}
