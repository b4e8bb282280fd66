import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  List,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/SimpleGrid.css';
import type { OrderSummary, Plan } from '@portal/shared/billing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@portal/web-kit/page';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { profileQueryOptions } from '../../../api/profile';
import {
  billingApi,
  goToCheckout,
  kidsQueryOptions,
  myPlansQueryOptions,
  plansQueryOptions,
} from '../api/billing-api';
import { rechargeQueryOptions } from '../api/recharge-query';
import { formatMoney } from '../utils/money';
import { isCurrentPlan } from '../utils/plans';
import { OfferBanner } from './offer-banner';
import { LoadError } from './screen-states';
import { loadFailure } from '@portal/web-kit/list-state';

/** Spec §3 local storage: the order being paid waits in session storage under PayData. */
function rememberOrder(order: OrderSummary) {
  try {
    window.sessionStorage.setItem('PayData', JSON.stringify(order));
  } catch {
    // Storage can be unavailable; the order number in the address is enough.
  }
}

/**
 * `PurchaseLessonPlan` (spec §2 plan picking): "Pick a Plan" for parents without an active plan
 * (members change plan instead, their plan marked), "Pay as You Go" credits, and the
 * time-limited offer. Decision 034: "Pay as You Go" sells the credit packages of `/recharge` —
 * one price list — straight to the checkout, as `/recharge` does.
 */
export function PurchasePlanPage() {
  const { t } = useTranslation('billing');
  useDocumentTitle(t('purchaseTitle'));
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const profile = useQuery(profileQueryOptions());
  const kidsOptions = useQuery(kidsQueryOptions());
  const kids = Number(params.get('kids')) || kidsOptions.data?.[0]?.kids;
  const plans = useQuery({ ...plansQueryOptions(kids), enabled: kids !== undefined });
  const packages = useQuery(rechargeQueryOptions());
  const mine = useQuery(myPlansQueryOptions());
  const plansFailure = loadFailure(kidsOptions) ?? loadFailure(plans);
  const packagesFailure = loadFailure(packages);
  const held = mine.data?.[0];
  const isMember = profile.data?.member_status === 1;
  const payPackage = useMutation({
    mutationFn: (id: number) => billingApi.checkoutPackage(id),
    onSuccess: (session) => goToCheckout(session.url, t('failed')),
  });
  const queryClient = useQueryClient();
  const buy = useMutation({
    mutationFn: (item: { plan?: number; good?: number }) =>
      item.plan !== undefined ? billingApi.buyMember(item.plan) : billingApi.buyCredit(item.good!),
    onSuccess: (order) => {
      rememberOrder(order);
      void navigate(`${paths.home.completePayment}?order_no=${order.order_no}`);
    },
    onError: async (error, item) => {
      // One plan at a time (decision 029): a plan bought since this page loaded (another tab)
      // is refused by the server; the parent goes on to ChangePlan instead.
      if (item.plan === undefined || !(error instanceof ApiError) || error.httpStatus !== 409)
        return;
      await queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey });
      const fresh = await queryClient.fetchQuery(profileQueryOptions());
      if (fresh.member_status === 1) void navigate(`${paths.home.changePlan}?plan_id=${item.plan}`);
    },
  });
  const choosePlan = (plan: Plan) =>
    isMember
      ? void navigate(`${paths.home.changePlan}?plan_id=${plan.id}`)
      : buy.mutate({ plan: plan.id });

  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        {t('purchaseTitle')}
      </Title>
      <OfferBanner
        busy={buy.isPending}
        onBuyPlan={(plan) =>
          isMember
            ? void navigate(`${paths.home.changePlan}?plan_id=${plan}`)
            : buy.mutate({ plan })
        }
        onBuyGood={(good) => buy.mutate({ good })}
        heldKids={held?.kids ?? 0}
      />
      <Box component="section" aria-labelledby="pick-plan" mb="xl">
        <Group justify="space-between" mb="md">
          <Title order={2} size="h3" id="pick-plan">
            {isMember ? t('changeYourPlan') : t('pickPlan')}
          </Title>
          {kidsOptions.data && kidsOptions.data.length > 1 && (
            <SegmentedControl
              aria-label={t('kids')}
              value={String(kids ?? '')}
              onChange={(value) => setParams({ kids: value })}
              data={kidsOptions.data.map((option) => ({
                value: String(option.kids),
                label: t('kidsCount', { count: option.kids }),
              }))}
            />
          )}
        </Group>
        {plansFailure !== undefined ? (
          <LoadError
            error={plansFailure}
            onRetry={() => void (kidsOptions.isError ? kidsOptions.refetch() : plans.refetch())}
            retrying={plans.isFetching || kidsOptions.isFetching}
          />
        ) : !plans.data ? (
          <Skeleton height={220} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {plans.data.map((plan) => {
              const current = isCurrentPlan(plan, held, plans.data);
              return (
                <Card
                  key={plan.id}
                  withBorder
                  radius="md"
                  padding="lg"
                  data-testid="plan-card"
                  aria-current={current ? 'true' : undefined}
                  style={
                    current
                      ? { borderColor: 'var(--mantine-color-brand-7)', borderWidth: 2 }
                      : undefined
                  }
                >
                  {current && (
                    <Badge color="brand" variant="filled" mb="xs" tt="none">
                      {t('yourPlan')}
                    </Badge>
                  )}
                  <Group justify="space-between" align="flex-start">
                    <Text fw={700} size="lg">
                      {plan.title}
                    </Text>
                    {plan.tags.map((tag) => (
                      <Badge key={tag} color="brand" c="dark.8" variant="light" tt="none">
                        {tag}
                      </Badge>
                    ))}
                  </Group>
                  <Text size="sm" c="dimmed" mt={4}>
                    {plan.describe}
                  </Text>
                  <Text fz={28} fw={700} mt="md">
                    {formatMoney(plan.price, plan.currency)}
                    <Text span size="sm" c="dimmed" fw={400}>
                      {' '}
                      / {t('month')}
                    </Text>
                  </Text>
                  <List size="sm" spacing={4} mt="sm" mb="md">
                    {plan.plan_details.map((line) => (
                      <List.Item key={line}>{line}</List.Item>
                    ))}
                  </List>
                  {current ? (
                    <Button fullWidth variant="default" disabled>
                      {t('yourPlanButton')}
                    </Button>
                  ) : (
                    <Button fullWidth loading={buy.isPending} onClick={() => choosePlan(plan)}>
                      {isMember ? t('changeToThis') : t('choosePlan')}
                    </Button>
                  )}
                </Card>
              );
            })}
          </SimpleGrid>
        )}
      </Box>
      <section aria-labelledby="pay-as-you-go">
        <Title order={2} size="h3" id="pay-as-you-go" mb="md">
          {t('payAsYouGo')}
        </Title>
        {packagesFailure !== undefined ? (
          <LoadError
            error={packagesFailure}
            onRetry={() => void packages.refetch()}
            retrying={packages.isFetching}
          />
        ) : !packages.data ? (
          <Skeleton height={120} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            {packages.data.list.map((pkg) => (
              <Card key={pkg.id} withBorder radius="md" padding="lg" data-testid="credit-card">
                <Stack gap={4}>
                  <Text fw={700}>{t('credits', { count: pkg.quantity })}</Text>
                  {pkg.extra_quantity > 0 && (
                    <Badge color="green" c="dark.8" variant="light" tt="none" w="fit-content">
                      {t('extraCredits', { count: pkg.extra_quantity })}
                    </Badge>
                  )}
                  <Text fz={24} fw={700}>
                    {formatMoney(pkg.price, pkg.currency)}
                  </Text>
                  <Button
                    variant="light"
                    mt="sm"
                    loading={payPackage.isPending && payPackage.variables === pkg.id}
                    disabled={payPackage.isPending}
                    onClick={() => payPackage.mutate(pkg.id)}
                    aria-label={t('buyCredits', { count: pkg.quantity })}
                  >
                    {t('buy')}
                  </Button>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </section>
    </Container>
  );
}
