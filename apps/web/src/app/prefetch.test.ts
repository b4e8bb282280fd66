import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { appQueryClient } from './query-client';
import { storage } from '../lib/storage';
import { prefetchOnOpen } from './prefetch';

const args = (url: string) =>
  ({ request: new Request(url), params: {}, context: undefined }) as unknown as LoaderFunctionArgs;

afterEach(() => {
  window.localStorage.clear();
});

describe('prefetchOnOpen', () => {
  it('starts the screen’s queries for the opened URL without waiting for them', async () => {
    storage.setToken('t');
    let finish!: () => void;
    const prefetch = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const loader = prefetchOnOpen(prefetch);

    expect(loader(args('http://portal.test/index?student=S1'))).toBeNull();
    await vi.waitFor(() => expect(prefetch).toHaveBeenCalledTimes(1));
    const [client, url] = prefetch.mock.calls[0] as unknown as [unknown, URL];
    expect(client).toBe(appQueryClient);
    expect(url.searchParams.get('student')).toBe('S1');
    finish();
  });

  it('does nothing signed out (the screen sends the visitor to sign in)', async () => {
    const prefetch = vi.fn();
    expect(prefetchOnOpen(prefetch)(args('http://portal.test/index'))).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('never fails the navigation when a prefetch throws or rejects', async () => {
    storage.setToken('t');
    const throwing = vi.fn(() => {
      throw new Error('boom');
    });
    const rejecting = vi.fn(() => Promise.reject(new Error('refused')));
    expect(prefetchOnOpen(throwing)(args('http://portal.test/recharge'))).toBeNull();
    expect(prefetchOnOpen(rejecting)(args('http://portal.test/recharge'))).toBeNull();
    await vi.waitFor(() => expect(rejecting).toHaveBeenCalled());
    expect(throwing).toHaveBeenCalled();
  });
});
