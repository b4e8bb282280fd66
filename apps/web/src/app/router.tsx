import { PageLoader, RouteErrorBoundary } from '@portal/web-kit/page';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { prefetchRecharge } from '../features/billing/api/prefetch';
import { prefetchDashboard, prefetchUpcoming } from '../features/lessons/api/prefetch';
import { PublicLayoutRoute } from './layouts/public-layout';
import { prefetchOnOpen } from './prefetch';

/**
 * Every screen is loaded lazily, so a page downloads only its own code (issue #2 §6). Screens
 * draw only their content: frames and the sign-in guard are layout and guard routes here
 * (docs/decisions/040). Features add their routes; paths come from config/paths.ts. The
 * signed-in screens people open first have a loader that starts their API calls alongside the
 * code (app/prefetch.ts). The public frame is in the start chunk: the pre-rendered sign-in page
 * (app/shell) hydrates with it at once.
 */
export const routes: RouteObject[] = [
  {
    element: <Outlet />,
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      // Pages anyone may open, in the public frame (brand, language, agreement links).
      {
        element: <PublicLayoutRoute />,
        children: [
          {
            path: paths.signIn,
            lazy: () =>
              import('../features/auth/components/sign-in-page').then((m) => ({
                Component: m.SignInPage,
              })),
          },
          {
            path: paths.signInPassword,
            lazy: () =>
              import('../features/auth/components/password-sign-in-page').then((m) => ({
                Component: m.PasswordSignInPage,
              })),
          },
          {
            path: paths.forgotPassword,
            lazy: () =>
              import('../features/auth/components/forgot-password-page').then((m) => ({
                Component: m.ForgotPasswordPage,
              })),
          },
          {
            path: paths.resetPasswordByLink,
            lazy: () =>
              import('../features/auth/components/reset-by-link-page').then((m) => ({
                Component: m.ResetByLinkPage,
              })),
          },
          {
            path: '/resetPassword',
            lazy: () =>
              import('../features/auth/components/reset-password-page').then((m) => ({
                Component: m.ResetPasswordPage,
              })),
          },
          {
            path: paths.privacy,
            lazy: () =>
              import('../features/agreements/components/agreement-page').then((m) => ({
                Component: m.PrivacyPolicyPage,
              })),
          },
          {
            path: paths.service,
            lazy: () =>
              import('../features/agreements/components/agreement-page').then((m) => ({
                Component: m.ServiceAgreementPage,
              })),
          },
          {
            path: paths.contract,
            lazy: () =>
              import('../features/agreements/components/agreement-page').then((m) => ({
                Component: m.ContractPage,
              })),
          },
          {
            path: paths.shareRegister,
            lazy: () =>
              import('../features/registration/components/share-register-page').then((m) => ({
                Component: m.ShareRegisterPage,
              })),
          },
          {
            path: paths.saleCard,
            lazy: () =>
              import('../features/registration/components/sale-card-page').then((m) => ({
                Component: m.SaleCardPage,
              })),
          },
          {
            path: paths.newUser,
            lazy: () =>
              import('../features/registration/components/new-user-page').then((m) => ({
                Component: m.NewUserPage,
              })),
          },
          {
            path: paths.newUserThanks,
            lazy: () =>
              import('../features/registration/components/new-user-thanks-page').then((m) => ({
                Component: m.NewUserThanksPage,
              })),
          },
          {
            path: '*',
            lazy: () =>
              import('../features/misc/not-found-page').then((m) => ({
                Component: m.NotFoundPage,
              })),
          },
        ],
      },
      // The public catalogue: the same frame with a call to sign in.
      {
        lazy: () =>
          import('./layouts/catalogue-layout').then((m) => ({
            Component: m.CatalogueLayoutRoute,
          })),
        children: [
          {
            path: paths.curriculum,
            lazy: () =>
              import('../features/catalogue/components/curriculum-page').then((m) => ({
                Component: m.CurriculumPage,
              })),
          },
          {
            path: paths.download,
            lazy: () =>
              import('../features/catalogue/components/download-page').then((m) => ({
                Component: m.DownloadPage,
              })),
          },
          {
            path: paths.schedulesDesktop,
            lazy: () =>
              import('../features/catalogue/components/schedules-desktop-page').then((m) => ({
                Component: m.SchedulesDesktopPage,
              })),
          },
          {
            path: paths.schedulesMobile,
            lazy: () =>
              import('../features/catalogue/components/schedules-mobile-page').then((m) => ({
                Component: m.SchedulesMobilePage,
              })),
          },
        ],
      },
      // Signed-in screens: the guard sends a visitor without a session to sign-in, then the
      // account frame (header, navigation). The guard and the frame are one chunk, fetched beside
      // the screen's own.
      {
        lazy: () =>
          import('./layouts/account-layout').then((m) => ({ Component: m.RequireSession })),
        children: [
          {
            lazy: () =>
              import('./layouts/account-layout').then((m) => ({
                Component: m.AccountLayoutRoute,
              })),
            children: [
              {
                path: paths.home.attendClassNow,
                loader: prefetchOnOpen(prefetchUpcoming),
                lazy: () =>
                  import('../features/lessons/components/attend-class-now-page').then((m) => ({
                    Component: m.AttendClassNowPage,
                  })),
              },
              {
                path: paths.home.classEnrolled,
                lazy: () =>
                  import('../features/lessons/components/class-enrolled-page').then((m) => ({
                    Component: m.ClassEnrolledPage,
                  })),
              },
              {
                path: paths.home.completedLessons,
                lazy: () =>
                  import('../features/lessons/components/completed-lessons-page').then((m) => ({
                    Component: m.CompletedLessonsPage,
                  })),
              },
              {
                path: paths.dashboard,
                loader: prefetchOnOpen(prefetchDashboard),
                lazy: () =>
                  import('../features/lessons/components/dashboard-page').then((m) => ({
                    Component: m.DashboardPage,
                  })),
              },
              {
                path: paths.recharge,
                loader: prefetchOnOpen(prefetchRecharge),
                lazy: () =>
                  import('../features/billing/components/recharge-page').then((m) => ({
                    Component: m.RechargePage,
                  })),
              },
              {
                path: paths.payList,
                lazy: () =>
                  import('../features/billing/components/pay-list-page').then((m) => ({
                    Component: m.PayListPage,
                  })),
              },
              {
                path: paths.toPay,
                lazy: () =>
                  import('../features/billing/components/pay-list-page').then((m) => ({
                    Component: m.PayListPage,
                  })),
              },
              {
                path: paths.localCheckout,
                lazy: () =>
                  import('../features/billing/components/local-checkout-page').then((m) => ({
                    Component: m.LocalCheckoutPage,
                  })),
              },
              {
                path: paths.paySuccess,
                lazy: () =>
                  import('../features/billing/components/pay-success-page').then((m) => ({
                    Component: m.PaySuccessPage,
                  })),
              },
              {
                path: paths.payError,
                lazy: () =>
                  import('../features/billing/components/pay-error-page').then((m) => ({
                    Component: m.PayErrorPage,
                  })),
              },
              {
                path: paths.payHistory,
                lazy: () =>
                  import('../features/billing/components/pay-history-page').then((m) => ({
                    Component: m.PayHistoryPage,
                  })),
              },
              {
                path: paths.home.transaction,
                lazy: () =>
                  import('../features/billing/components/transaction-page').then((m) => ({
                    Component: m.TransactionPage,
                  })),
              },
              {
                path: paths.home.monthlyPass,
                lazy: () =>
                  import('../features/billing/components/monthly-pass-page').then((m) => ({
                    Component: m.MonthlyPassPage,
                  })),
              },
              {
                path: paths.home.purchaseLessonPlan,
                lazy: () =>
                  import('../features/billing/components/purchase-plan-page').then((m) => ({
                    Component: m.PurchasePlanPage,
                  })),
              },
              {
                path: paths.home.completePayment,
                lazy: () =>
                  import('../features/billing/components/complete-payment-page').then((m) => ({
                    Component: m.CompletePaymentPage,
                  })),
              },
              {
                path: paths.home.changePlan,
                lazy: () =>
                  import('../features/billing/components/change-plan-page').then((m) => ({
                    Component: m.ChangePlanPage,
                  })),
              },
              {
                path: paths.home.monthlyStatement,
                lazy: () =>
                  import('../features/billing/components/monthly-statement-page').then((m) => ({
                    Component: m.MonthlyStatementPage,
                  })),
              },
              {
                path: paths.home.scheduleClass,
                lazy: () =>
                  import('../features/catalogue/components/schedule-a-class-page').then((m) => ({
                    Component: m.ScheduleAClassPage,
                  })),
              },
              {
                path: paths.home.deviceCheck,
                lazy: () =>
                  import('../features/device-check/components/device-check-page').then((m) => ({
                    Component: m.DeviceCheckPage,
                  })),
              },
              {
                path: paths.home.information,
                lazy: () =>
                  import('./information-route').then((m) => ({
                    Component: m.InformationRoute,
                  })),
              },
              {
                path: paths.home.children,
                lazy: () =>
                  import('../features/children/components/children-page').then((m) => ({
                    Component: m.ChildrenPage,
                  })),
              },
              {
                path: paths.onboardingEmail,
                lazy: () =>
                  import('../features/onboarding/components/onboarding-email-page').then((m) => ({
                    Component: m.OnboardingEmailPage,
                  })),
              },
              {
                path: paths.onboardingFirstChild,
                lazy: () =>
                  import('../features/children/components/first-child-page').then((m) => ({
                    Component: m.FirstChildPage,
                  })),
              },
              {
                path: paths.onboardingChildren,
                lazy: () =>
                  import('../features/children/components/child-picker-page').then((m) => ({
                    Component: m.ChildPickerPage,
                  })),
              },
              {
                path: paths.childForm,
                lazy: () =>
                  import('../features/children/components/child-form-page').then((m) => ({
                    Component: m.ChildFormPage,
                  })),
              },
            ],
          },
        ],
      },
      // An old address of the children list: sends on, keeping the query.
      {
        path: paths.allChildren,
        lazy: () =>
          import('../features/children/components/children-page').then((m) => ({
            Component: m.AllChildrenPage,
          })),
      },
    ],
  },
];

/** The app's router; creating it matches the URL and starts the screen's loader and code. */
export const createAppRouter = () => createBrowserRouter(routes);
