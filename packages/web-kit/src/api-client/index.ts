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
}

type Page<T> = { data: T; total: number; now_status: number };

/** The app's calls: `data` of the envelope, or with `getPage` the page fields beside it. */
export interface ApiClient {
  get<T>(path: string, options?: Omit<RequestOptions<T>, 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>): Promise<T>;
  /** For the list calls of spec §7 that answer `total` and `now_status` beside `data`. */
  getPage<T>(path: string, options?: Omit<RequestOptions<T>, 'body'>): Promise<Page<T>>;
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
  async function send<T>(
    method: 'GET' | 'POST',
    path: string,
    options: RequestOptions<T>,
  ): Promise<{ data: T; envelope: Envelope }> {
    const headers: Record<string, string> = {
      [LANGUAGE_HEADER]: currentLanguage(),
      accept: 'application/json',
    };
    const token = config.token();
    if (token) headers.authorization = `Bearer ${token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const schema = typeof options.schema === 'function' ? options.schema() : options.schema;
    // Read only on success; a failed request must not leave a failed load unhandled.
    if (schema instanceof Promise) void schema.catch(() => undefined);

    let response: Response;
    try {
      response = await fetch(buildUrl(config.base, path, options.query), {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      });
    } catch (error) {
      console.warn('network error', path, error);
      throw new ApiError(0, 0, 'network error');
    }

    let envelope: Envelope | undefined;
    try {
      envelope = (await response.json()) as typeof envelope;
    } catch {
      envelope = undefined;
    }
    const code = typeof envelope?.code === 'number' ? envelope.code : response.status;
    const msg = typeof envelope?.msg === 'string' ? envelope.msg : response.statusText;

    if (code === SESSION_EXPIRED_CODE || response.status === 401) {
      config.signedOut();
      throw new ApiError(response.status, code, msg);
    }
    if (code !== SUCCESS_CODE || !response.ok) {
      const error = new ApiError(response.status, code, msg, envelope?.data ?? null);
      if (!options.silent && msg) error.toastId = notify('yellow', msg);
      throw error;
    }
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
  };
}
