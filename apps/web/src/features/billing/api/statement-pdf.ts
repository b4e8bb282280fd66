import { SESSION_EXPIRED_CODE } from '@portal/shared/api';
import { LANGUAGE_HEADER } from '@portal/shared/i18n';
import { notify } from '@portal/web-kit/notify';
import { timeDiff } from '@portal/web-kit/time';
import { env } from '../../../config/env';
import { paths } from '../../../config/paths';
import { currentLanguage } from '../../../lib/i18n';
import { storage } from '../../../lib/storage';

/** The file name of a `Content-Disposition: attachment; filename="…"` header. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/i.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}

/**
 * Downloads the monthly statement as PDF (GET /api/statementPdf, issue #25) with the parent's
 * token, language and this browser's offset (the times the screen shows, decision 035), then
 * saves it under the server's file name. The API client reads JSON only, so this is a plain
 * fetch that follows the client's rules: a refusal shows the server's message; an ended session
 * signs out. Answers whether the file was saved.
 */
export async function downloadStatementPdf(
  month: string | undefined,
  failed: string,
): Promise<boolean> {
  const headers: Record<string, string> = { [LANGUAGE_HEADER]: currentLanguage() };
  const token = storage.getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const search = new URLSearchParams({ time_diff: String(timeDiff()) });
  if (month) search.set('month', month);
  let response: Response;
  try {
    response = await fetch(`${env.apiBase}/api/statementPdf?${search.toString()}`, { headers });
  } catch {
    notify('yellow', failed);
    return false;
  }
  if (!response.ok) {
    let message = failed;
    let code: unknown;
    try {
      const body = (await response.json()) as { code?: unknown; msg?: unknown };
      code = body.code;
      if (typeof body.msg === 'string' && body.msg) message = body.msg;
    } catch {
      // Not the envelope: the generic message.
    }
    if (response.status === 401 || code === SESSION_EXPIRED_CODE) {
      storage.clearSession();
      window.location.assign(paths.signIn);
      return false;
    }
    notify('yellow', message);
    return false;
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(
    response.headers.get('content-disposition'),
    `statement-${month ?? 'month'}.pdf`,
  );
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
  return true;
}
