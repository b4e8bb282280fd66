import { queryOptions } from '@tanstack/react-query';
import { SalespersonSchema } from '@portal/shared/auth';
import type { Language } from '@portal/shared/i18n';
import { ShareImagesSchema, SignUpDataSchema } from '@portal/shared/onboarding';
import { api } from '../../../lib/api-client';

export interface PhoneInput {
  country_code: string;
  mobile: string;
}

/** `GET /api/getShareImg`: the landing page's pictures and colour, per language. */
export const shareImagesQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: ['share-images', language],
    queryFn: ({ signal }) => api.get('/api/getShareImg', { schema: ShareImagesSchema, signal }),
    staleTime: 10 * 60_000,
  });

/** `GET /api/getSaleInfo?invite_code=`: the adviser behind an invitation (public). */
export const saleInfoQueryOptions = (inviteCode: string, language: Language) =>
  queryOptions({
    queryKey: ['sale-info', inviteCode, language],
    queryFn: ({ signal }) =>
      api.get('/api/getSaleInfo', {
        query: { invite_code: inviteCode },
        schema: SalespersonSchema,
        signal,
        silent: true,
      }),
  });

export const registrationApi = {
  /**
   * The SMS code of scene "register": only to a phone without an account (docs/product.md →
   * Registration and onboarding), with a solved captcha of its own (decision 030).
   */
  sendCode: ({ captcha, ...phone }: PhoneInput & { captcha: string }) =>
    api.post<null>(
      '/api/login/verify-code',
      { ...phone, length: 6, scene: 'register', captcha },
      { silent: true },
    ),
  /** Spec §7 signUpUser: the form, the landing page id, the captcha and every link parameter. */
  signUp: (body: Record<string, string | number>) =>
    api.post('/api/signUpUser', body, { schema: SignUpDataSchema, silent: true }),
  /** Spec §7 addCheckPointsLog; a lost checkpoint must never disturb the page. */
  checkpoint: (type: number, value: string) =>
    api.post('/api/addCheckPointsLog', { type, value }, { silent: true }).catch(() => undefined),
};
