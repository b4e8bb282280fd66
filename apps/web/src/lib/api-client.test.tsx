import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from './i18n';
import { renderWithProviders, stubFetch } from '../test/render';
import { api, ApiError, leaveForSignIn } from './api-client';
import { storage } from './storage';

// The client itself is the kit's (packages/web-kit/src/api-client); here, the parents' session.
const assign = vi.fn();

beforeEach(async () => {
  assign.mockReset();
  Object.defineProperty(window, 'location', {
    configurable: true,
    value: { ...window.location, pathname: '/index', assign },
  });
  // Each test is a page of its own: as if brought back from the back-forward cache.
  window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
  await changeLanguage('en');
  renderWithProviders(<div />);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('api client', () => {
  it('sends the stored session token', async () => {
    storage.setToken('tok-123');
    const calls = stubFetch(() => ({ body: { code: 200, msg: 'ok', data: { a: 1 } } }));
    await expect(api.get('/api/thing')).resolves.toEqual({ a: 1 });
    const headers = calls[0]!.init!.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer tok-123');
  });

  it('clears the session and goes to sign-in on code 10001', async () => {
    storage.setUserInfo({ token: 'tok', status: 1 });
    storage.setLanguage('en');
    stubFetch(() => ({ status: 401, body: { code: 10001, msg: 'expired', data: null } }));
    await expect(api.get('/api/user/profile')).rejects.toMatchObject({ code: 10001 });
    expect(storage.getToken()).toBeNull();
    expect(storage.getUserInfo()).toBeUndefined();
    expect(storage.getLanguage()).toBe('en');
    // After Cache Storage is cleared (decision 051).
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
  });

  it('goes to sign-in on HTTP 401 whatever the body', async () => {
    stubFetch(() => ({ status: 401, body: 'nope' }));
    await expect(api.get('/api/user/profile')).rejects.toBeInstanceOf(ApiError);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
  });

  it('loads sign-in once when Log out and a refused call both leave', async () => {
    storage.setToken('tok');
    stubFetch(() => ({ status: 401, body: { code: 10001, msg: 'expired', data: null } }));
    await Promise.all([
      leaveForSignIn(),
      expect(api.get('/api/user/profile')).rejects.toMatchObject({ code: 10001 }),
      expect(api.get('/api/lessons')).rejects.toMatchObject({ code: 10001 }),
    ]);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(assign).toHaveBeenCalledTimes(1);
    expect(storage.getToken()).toBeNull();
  });

  it('forgets a refused session on sign-in without loading it again', async () => {
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: { ...window.location, pathname: '/', assign },
    });
    storage.setToken('stale');
    stubFetch(() => ({ status: 401, body: { code: 10001, msg: 'expired', data: null } }));
    await expect(api.get('/api/user/profile')).rejects.toMatchObject({ code: 10001 });
    await vi.waitFor(() => expect(storage.getToken()).toBeNull());
    expect(assign).not.toHaveBeenCalled();
  });

  it('does not leave the page on a network error', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(api.get('/api/x')).rejects.toMatchObject({ httpStatus: 0 });
    expect(assign).not.toHaveBeenCalled();
  });
});
