import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { changeLanguage } from '../i18n';
import { renderWithProviders, stubFetch } from '../test/render';
import { ApiError, createApiClient, fileNameOf } from '.';

let token: string | null = null;
const signedOut = vi.fn();
const api = createApiClient({ base: '', token: () => token, signedOut });

beforeEach(async () => {
  token = null;
  signedOut.mockReset();
  await changeLanguage('en');
  renderWithProviders(<div />);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('api client', () => {
  it('sends the bearer token and the lang header and answers data', async () => {
    token = 'tok-123';
    await changeLanguage('zh_CN');
    const calls = stubFetch(() => ({ body: { code: 200, msg: 'ok', data: { a: 1 } } }));
    await expect(
      api.get('/api/thing', { query: { page: 2, keywords: '', ids: [1, 2] } }),
    ).resolves.toEqual({ a: 1 });
    const headers = calls[0]!.init!.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer tok-123');
    expect(headers.lang).toBe('zh_CN');
    expect(calls[0]!.url).toBe('/api/thing?page=2&ids%5B%5D=1&ids%5B%5D=2');
  });

  it('shows the server msg as a toast and throws ApiError for a non-200 code', async () => {
    stubFetch(() => ({
      status: 400,
      body: { code: 400, msg: 'Please enter your phone number.', data: null },
    }));
    const error = await api.post('/api/login', { mobile: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      httpStatus: 400,
      code: 400,
      msg: 'Please enter your phone number.',
    });
    expect(await screen.findByText('Please enter your phone number.')).toBeInTheDocument();
  });

  it('stays quiet when the caller asks', async () => {
    stubFetch(() => ({ status: 400, body: { code: 400, msg: 'quiet please', data: null } }));
    await expect(api.get('/api/x', { silent: true })).rejects.toBeInstanceOf(ApiError);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('quiet please')).not.toBeInTheDocument();
  });

  it('ends the session on code 10001', async () => {
    token = 'tok';
    stubFetch(() => ({ status: 401, body: { code: 10001, msg: 'expired', data: null } }));
    await expect(api.get('/api/user/profile')).rejects.toMatchObject({ code: 10001 });
    expect(signedOut).toHaveBeenCalledTimes(1);
  });

  it('ends the session on HTTP 401 whatever the body', async () => {
    stubFetch(() => ({ status: 401, body: 'nope' }));
    await expect(api.get('/api/user/profile')).rejects.toBeInstanceOf(ApiError);
    expect(signedOut).toHaveBeenCalledTimes(1);
  });

  it('only logs network errors', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(api.get('/api/x')).rejects.toMatchObject({ httpStatus: 0 });
    expect(warn).toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('network error')).not.toBeInTheDocument();
    expect(signedOut).not.toHaveBeenCalled();
  });

  it('answers the page fields of a list call beside its data', async () => {
    stubFetch(() => ({ body: { code: 200, msg: 'ok', data: [1, 2], total: 12, now_status: 1 } }));
    await expect(api.getPage('/api/list')).resolves.toEqual({
      data: [1, 2],
      total: 12,
      now_status: 1,
    });
  });

  describe('a schema given as a loader', () => {
    const Thing = z.object({ a: z.number() });

    it('is loaded beside the request and validates the answer', async () => {
      const order: string[] = [];
      stubFetch(() => {
        order.push('request');
        return { body: { code: 200, msg: 'ok', data: { a: 1, extra: true } } };
      });
      const loaded = api.get('/api/thing', {
        schema: () => {
          order.push('schema');
          return Promise.resolve(Thing);
        },
      });
      await expect(loaded).resolves.toEqual({ a: 1 });
      expect(order).toEqual(['schema', 'request']);
    });

    it('refuses an answer that does not fit it', async () => {
      stubFetch(() => ({ body: { code: 200, msg: 'ok', data: { a: 'one' } } }));
      await expect(
        api.get('/api/thing', { schema: () => Promise.resolve(Thing) }),
      ).rejects.toBeInstanceOf(z.ZodError);
    });

    it('fails the call when it cannot load, and not at all when the request failed first', async () => {
      stubFetch(() => ({ body: { code: 200, msg: 'ok', data: { a: 1 } } }));
      const offline = new Error('chunk not loaded');
      await expect(api.get('/api/thing', { schema: () => Promise.reject(offline) })).rejects.toBe(
        offline,
      );

      const unhandled = vi.fn();
      process.on('unhandledRejection', unhandled);
      try {
        stubFetch(() => ({ status: 400, body: { code: 400, msg: 'Bad request', data: null } }));
        await expect(
          api.get('/api/thing', { silent: true, schema: () => Promise.reject(offline) }),
        ).rejects.toMatchObject({ code: 400 });
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(unhandled).not.toHaveBeenCalled();
      } finally {
        process.off('unhandledRejection', unhandled);
      }
    });
  });

  it('sends a file as its bytes with its own type', async () => {
    const calls = stubFetch(() => ({ body: { code: 200, msg: 'ok', data: { saved: true } } }));
    const file = new Blob([new Uint8Array([1, 2, 3])], { type: 'application/octet-stream' });
    await expect(api.post('/api/upload', file)).resolves.toEqual({ saved: true });
    expect(calls[0]!.init!.body).toBe(file);
    const headers = calls[0]!.init!.headers as Record<string, string>;
    expect(headers['content-type']).toBe('application/octet-stream');
  });

  it("downloads a file with the server's name, and treats a refusal as any other", async () => {
    token = 'tok';
    globalThis.fetch = (async (input: RequestInfo | URL) =>
      String(input).startsWith('/api/file.csv')
        ? new Response('a,b\n1,2\n', {
            headers: {
              'content-type': 'text/csv',
              'content-disposition': 'attachment; filename="books-2026-01.csv"',
            },
          })
        : new Response(JSON.stringify({ code: 400, msg: 'No such month.', data: null }), {
            status: 400,
            headers: { 'content-type': 'application/json' },
          })) as typeof fetch;
    const file = await api.download('/api/file.csv', { query: { month: '2026-01' } });
    expect(file.fileName).toBe('books-2026-01.csv');
    expect(await file.blob.text()).toBe('a,b\n1,2\n');
    const error = await api.download('/api/other.csv').catch((e: unknown) => e);
    expect(error).toMatchObject({ httpStatus: 400, msg: 'No such month.' });
    expect(await screen.findByText('No such month.')).toBeInTheDocument();
    expect(fileNameOf(null)).toBeNull();
  });
});
