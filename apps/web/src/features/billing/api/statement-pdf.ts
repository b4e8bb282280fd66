import { SESSION_EXPIRED_CODE } from '@portal/shared/api';
import { saveFile } from '@portal/web-kit/api-client';
import { notify } from '@portal/web-kit/notify';
import { timeDiff } from '@portal/web-kit/time';
import { api, ApiError } from '../../../lib/api-client';

/**
 * Downloads the monthly statement as PDF (GET /api/statementPdf, issue #25) in the parent's
 * language with this browser's offset (the times the screen shows, decision 035), and saves it
 * under the server's file name. A refusal shows the server's message and an ended session signs
 * out (the API client's rules); a network failure shows `failed`. Answers whether it was saved.
 */
export async function downloadStatementPdf(
  month: string | undefined,
  failed: string,
): Promise<boolean> {
  try {
    const file = await api.download('/api/statementPdf', {
      query: { time_diff: timeDiff(), month },
    });
    saveFile(file.blob, file.fileName ?? `statement-${month ?? 'month'}.pdf`);
    return true;
  } catch (error) {
    const signedOut =
      error instanceof ApiError &&
      (error.httpStatus === 401 || error.code === SESSION_EXPIRED_CODE);
    if (!signedOut && !(error instanceof ApiError && error.toastId)) notify('yellow', failed);
    return false;
  }
}
