import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  BILLING_PAGE_SIZE,
  ChangePlanSchema,
  ChargesPageSchema,
  CheckoutSessionSchema,
  CreditLogSchema,
  HiddenOfferSchema,
  KidsOptionSchema,
  LessonLogPageSchema,
  LocalPayResultSchema,
  LocalSessionSchema,
  MyPlanSchema,
  OrderSummarySchema,
  PaymentLogSchema,
  PlanSchema,
  type ConfirmOrderBody,
} from '@portal/shared/billing';
import { AGREEMENT_TYPES, AgreementSchema } from '@portal/shared/agreements';
import { RewardSettingSchema } from '@portal/shared/credits';
import { api } from '../../../lib/api-client';
import { accountQueryOptions } from '../../../api/credits';
import { profileQueryOptions } from '../../../api/profile';
import { timeDiff } from '@portal/web-kit/time';
import { billingKey } from './recharge-query';

export const orderQueryOptions = (orderNo: string) =>
  queryOptions({
    queryKey: billingKey('order', orderNo),
    queryFn: ({ signal }) =>
      // Silent: the screens say themselves that an order is not there (one message, not two).
      api.get('/api/order', {
        query: { order_no: orderNo },
        schema: OrderSummarySchema,
        signal,
        silent: true,
      }),
    enabled: orderNo !== '',
  });

export const localSessionQueryOptions = (session: string) =>
  queryOptions({
    queryKey: billingKey('local-session', session),
    queryFn: ({ signal }) =>
      api.get('/api/local-checkout/session', {
        query: { session },
        schema: LocalSessionSchema,
        signal,
        silent: true,
      }),
    enabled: session !== '',
  });

export interface CreditLogFilter {
  type?: string;
  direction?: '1' | '2';
}

export const creditLogQueryOptions = (page: number, filter: CreditLogFilter) =>
  queryOptions({
    queryKey: billingKey('credit-log', page, filter.type, filter.direction),
    queryFn: ({ signal }) =>
      api.getPage('/api/account-logs/creditPC', {
        query: {
          type: filter.type,
          credit_value: filter.direction,
          time_diff: timeDiff(),
          pagesize: BILLING_PAGE_SIZE,
          page,
        },
        schema: z.array(CreditLogSchema),
        signal,
      }),
  });

export const paymentLogQueryOptions = (page: number) =>
  queryOptions({
    queryKey: billingKey('payment-log', page),
    queryFn: ({ signal }) =>
      api.getPage('/api/account-logs/recharge', {
        query: { time_diff: timeDiff(), pagesize: BILLING_PAGE_SIZE, page },
        schema: z.array(PaymentLogSchema),
        signal,
      }),
  });

export const rewardSettingQueryOptions = () =>
  queryOptions({
    queryKey: billingKey('reward-setting'),
    queryFn: ({ signal }) =>
      api.post('/api/reward-setting', {}, { schema: z.array(RewardSettingSchema), signal }),
    staleTime: 60 * 60_000,
  });

export const chargesPage = (page: number, signal?: AbortSignal) =>
  api.get('/api/getChargesList', {
    query: { pagesize: BILLING_PAGE_SIZE, page },
    schema: ChargesPageSchema,
    ...(signal ? { signal } : {}),
  });

export const myPlansQueryOptions = () =>
  queryOptions({
    queryKey: billingKey('my-plans'),
    queryFn: ({ signal }) =>
      api.get('/api/getMyPlanList', { schema: z.array(MyPlanSchema), signal }),
  });

export const kidsQueryOptions = () =>
  queryOptions({
    queryKey: billingKey('kids'),
    queryFn: ({ signal }) =>
      api.get('/api/getKidsTypeList', { schema: z.array(KidsOptionSchema), signal }),
  });

export const plansQueryOptions = (kids: number | undefined) =>
  queryOptions({
    queryKey: billingKey('plans', kids),
    queryFn: ({ signal }) =>
      api.get('/api/getPlanList', { query: { kids }, schema: z.array(PlanSchema), signal }),
  });

export const offerQueryOptions = () =>
  queryOptions({
    queryKey: billingKey('offer'),
    queryFn: ({ signal }) => api.get('/api/getHidePlanList', { schema: HiddenOfferSchema, signal }),
  });

export const changePlanQueryOptions = (planId: number) =>
  queryOptions({
    queryKey: billingKey('change-plan', planId),
    queryFn: ({ signal }) =>
      api.post(
        '/api/getMyChangePlan',
        { plan_id: planId },
        { schema: ChangePlanSchema, signal, silent: true },
      ),
    enabled: planId > 0,
  });

/** The contract text (agreement type 4, spec §2) shown beside an order's details. */
export const contractQueryOptions = () =>
  queryOptions({
    queryKey: billingKey('contract'),
    queryFn: ({ signal }) =>
      api.get('/api/getAgreement', {
        query: { type: AGREEMENT_TYPES.contract },
        schema: AgreementSchema,
        signal,
      }),
    staleTime: 60 * 60_000,
  });

export const lessonLogPage = (page: number, month: string | undefined, signal?: AbortSignal) =>
  api.get('/api/getStudentLessonLog', {
    // The statement's times in this browser's zone, as on every other screen (decision 035).
    query: { pagesize: BILLING_PAGE_SIZE, page, month, time_diff: timeDiff() },
    schema: LessonLogPageSchema,
    ...(signal ? { signal } : {}),
  });

export const billingApi = {
  checkoutPackage: (packageId: number, type?: string) =>
    api.post(
      '/api/testStripe',
      { lessons_goods_id: packageId, ...(type ? { type } : {}) },
      { schema: CheckoutSessionSchema },
    ),
  checkoutOrder: (orderNo: string) =>
    api.post('/api/stripePayment', { order_no: orderNo }, { schema: CheckoutSessionSchema }),
  confirmOrder: (body: ConfirmOrderBody) =>
    api.post('/api/confirmOrder', body, { schema: OrderSummarySchema }),
  /** `change`: sent from ChangePlan, where the prorated price was shown (decision 029). */
  buyMember: (planId: number, options: { change?: boolean } = {}) =>
    api.post(
      '/api/buyMember',
      { plan_id: planId, ...(options.change ? { change: 1 } : {}) },
      { schema: OrderSummarySchema },
    ),
  buyCredit: (goodId: number) =>
    api.post('/api/buyCredit', { good_id: goodId }, { schema: OrderSummarySchema }),
  localPay: (session: string, payMethod: number) =>
    api.post(
      '/api/local-checkout/pay',
      { session, pay_method: payMethod },
      { schema: LocalPayResultSchema },
    ),
  /** CompletePayment's Cancel: the order waiting for payment is given up (decision 034). */
  cancelOrder: (orderNo: string) => api.post('/api/cancelOrder', { order_no: orderNo }),
  localCancel: (session: string) =>
    api.post('/api/local-checkout/cancel', { session }, { schema: LocalPayResultSchema }),
};

/** After a payment: balances, membership, histories and lists everywhere refresh. */
export function refreshAfterPayment(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries(accountQueryOptions()),
    queryClient.invalidateQueries(profileQueryOptions()),
    queryClient.invalidateQueries({ queryKey: ['billing'] }),
    queryClient.invalidateQueries({ queryKey: ['lessons'] }),
  ]);
}

/**
 * Sends the browser to the checkout the server opened: the provider's hosted page, or the local
 * checkout page of this app. Spec §8: when that fails, a browser alert says "failed".
 */
export function goToCheckout(url: string, failed: string) {
  try {
    window.location.assign(url);
  } catch {
    window.alert(failed);
  }
}
