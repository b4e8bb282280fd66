import type { z } from 'zod';
import { LANGUAGE_HEADER } from '@portal/shared/i18n';
import { SESSION_EXPIRED_CODE, SUCCESS_CODE } from '@portal/shared/api';
import { currentLanguage } from '../i18n';
import { notify } from '../notify';

/** A non-200 answer of the API, or a network failure (httpStatus 0). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /**
   * The warning toast the client showed for this answer (spec §8), if any: a form that shows the
   * message at a field takes that toast over as its one toast (forms/form-feedback.ts).
   */
  toastId: string | null = null;
  constructor(
    readonly httpStatus: number,
    readonly code: number,
    readonly msg: string,
    readonly data: unknown = null,
  ) {
    super(msg);
  }
}

export type Query = Record<
  string,
  string | number | boolean | undefined | null | (string | number)[]
>;

export interface RequestOptions<T> {
  query?: Query;
  /** Sent as JSON; a Blob (a file) is sent as it is, with its own type. */
  body?: unknown;
  /**
   * Validates `data`; without it the caller trusts the declared type. Query options that a
   * route prefetches sit in the start chunk and pass a loader instead: it is called beside the
   * request, so the domain's schemas are a chunk of their own that the first page never builds,
   * and the request does not wait for them (docs/decisions/028).
   */
  schema?: z.ZodType<T> | (() => Promise<z.ZodType<T>>);
  /** The caller shows the message itself: no toast (the session rules still apply). */
  silent?: boolean;
  signal?: AbortSignal;
}

/** What the client needs to know of the app that uses it. */
export interface ApiClientConfig {
  /** Prefix of every path ('' for the same origin). */
  base: string;
  /** The session's bearer token, if any. */
  token: () => string | null;
  /** The session ended (code 10001 or HTTP 401): forget it and leave for sign-in. */
  signedOut: () => void;
  /**
   * A GET the page already sent for this URL, token and language before the app's code ran
   * (the parents' document starts its first calls: apps/web/src/lib/early-calls.ts). The answer
   * is used once, in place of sending the same request again.
   */
  early?: (url: string, token: string | null, language: string) => Promise<Response> | undefined;
}

type Page<T> = { data: T; total: number; now_status: number };

/** A file the API answered (a CSV, a PDF) and the name the server gave it, if any. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/** The file name of a `Content-Disposition: attachment; filename="…"` header. */
export function fileNameOf(disposition: string | null): string | null {
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? null;
}

/**
 * Downloads `path` and offers the file under the server's name (else `fallbackName`). A refusal
 * was already shown (or the session ended); anything the client did not show — a network
 * failure, an answer without a message — is said as `failed`. Answers whether it was saved.
 */
export async function saveDownload(
  client: Pick<ApiClient, 'download'>,
  path: string,
  options: { query?: Query; fallbackName: string; failed: string },
): Promise<boolean> {
  try {
    const file = await client.download(path, { query: options.query });
    saveFile(file.blob, file.fileName ?? options.fallbackName);
    return true;
  } catch (error) {
    const shown =
      error instanceof ApiError &&
      (error.toastId !== null || error.httpStatus === 401 || error.code === SESSION_EXPIRED_CODE);
    if (!shown) notify('yellow', options.failed);
    return false;
  }
}

/** Offers a downloaded file to the visitor under `fileName` (the browser's own download). */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The app's calls: `data` of the envelope, or with `getPage` the page fields beside it. */
export interface ApiClient {
  get<T>(path: string, options?: Omit<RequestOptions<T>, 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>): Promise<T>;
  /** For the list calls of spec §7 that answer `total` and `now_status` beside `data`. */
  getPage<T>(path: string, options?: Omit<RequestOptions<T>, 'body'>): Promise<Page<T>>;
  /**
   * GET a file: its bytes and the server's name for it. A refusal is handled as for any call
   * (the server's message as a toast unless `silent`, an ended session signs out) and thrown.
   */
  download(
    path: string,
    options?: Omit<RequestOptions<never>, 'body' | 'schema'>,
  ): Promise<DownloadedFile>;
}

function buildUrl(base: string, path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((item) => params.append(`${key}[]`, String(item)));
    else params.set(key, String(value));
  }
  const search = params.toString();
  return `${base}${path}${search ? `?${search}` : ''}`;
}

type Envelope = { code?: unknown; msg?: unknown; data?: unknown; [field: string]: unknown };

/**
 * The one way an app calls the API. Sends the bearer token and the language header, unwraps
 * `{code, msg, data}` and applies the error catalogue of spec §8 once:
 * non-200 code → warning toast with the server's msg; code 10001 or HTTP 401 → `signedOut`;
 * network errors → logged only.
 */
export function createApiClient(config: ApiClientConfig): ApiClient {
  /** Sends the request with the token and the language; a network failure is an ApiError. */
  async function open(
    method: 'GET' | 'POST',
    path: string,
    options: Omit<RequestOptions<unknown>, 'schema'>,
    accept: string,
  ): Promise<Response> {
    const headers: Record<string, string> = {
      [LANGUAGE_HEADER]: currentLanguage(),
      accept,
    };
    const token = config.token();
    if (token) headers.authorization = `Bearer ${token}`;
    const isFile = options.body instanceof Blob;
    if (isFile) headers['content-type'] = (options.body as Blob).type || 'application/octet-stream';
    else if (options.body !== undefined) headers['content-type'] = 'application/json';
    const url = buildUrl(config.base, path, options.query);
    const early =
      method === 'GET' ? config.early?.(url, token, headers[LANGUAGE_HEADER]!) : undefined;
    if (early) {
      try {
        return await early;
      } catch {
        // Sent again below, as if there had been none.
      }
    }
    try {
      return await fetch(url, {
        method,
        headers,
        body:
          options.body === undefined
            ? undefined
            : isFile
              ? (options.body as Blob)
              : JSON.stringify(options.body),
        signal: options.signal,
      });
    } catch (error) {
      console.warn('network error', path, error);
      throw new ApiError(0, 0, 'network error');
    }
  }

  async function envelopeOf(response: Response): Promise<Envelope | undefined> {
    try {
      return (await response.json()) as Envelope;
    } catch {
      return undefined;
    }
  }

  /** The error of a refused answer, after the catalogue's rules (sign-out, toast). */
  function refusal(response: Response, envelope: Envelope | undefined, silent?: boolean) {
    const code = typeof envelope?.code === 'number' ? envelope.code : response.status;
    const msg = typeof envelope?.msg === 'string' ? envelope.msg : response.statusText;
    if (code === SESSION_EXPIRED_CODE || response.status === 401) {
      config.signedOut();
      return new ApiError(response.status, code, msg);
    }
    const error = new ApiError(response.status, code, msg, envelope?.data ?? null);
    if (!silent && msg) error.toastId = notify('yellow', msg);
    return error;
  }

  async function send<T>(
    method: 'GET' | 'POST',
    path: string,
    options: RequestOptions<T>,
  ): Promise<{ data: T; envelope: Envelope }> {
    const schema = typeof options.schema === 'function' ? options.schema() : options.schema;
    // Read only on success; a failed request must not leave a failed load unhandled.
    if (schema instanceof Promise) void schema.catch(() => undefined);

    const response = await open(method, path, options, 'application/json');
    const envelope = await envelopeOf(response);
    const code = typeof envelope?.code === 'number' ? envelope.code : response.status;
    if (code !== SUCCESS_CODE || !response.ok) throw refusal(response, envelope, options.silent);
    const data = envelope?.data as T;
    return { data: schema ? (await schema).parse(data) : data, envelope: envelope ?? {} };
  }

  const request = async <T>(
    method: 'GET' | 'POST',
    path: string,
    options: RequestOptions<T> = {},
  ): Promise<T> => (await send(method, path, options)).data;

  return {
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body: body ?? {} }),
    getPage: async (path, options = {}) => {
      const { data, envelope } = await send('GET', path, options);
      return {
        data,
        total: typeof envelope.total === 'number' ? envelope.total : 0,
        now_status: typeof envelope.now_status === 'number' ? envelope.now_status : 0,
      };
    },
    download: async (path, options = {}) => {
      const response = await open('GET', path, options, '*/*');
      if (!response.ok) throw refusal(response, await envelopeOf(response), options.silent);
      return {
        blob: await response.blob(),
        fileName: fileNameOf(response.headers.get('content-disposition')),
      };
    },
  };
}
