import {
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { ListState } from '@portal/web-kit/list-state';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import type { MyPlan, Plan } from '@portal/shared/billing';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@portal/web-kit/page';
import { paths } from '../../../config/paths';
import { billingApi, changePlanQueryOptions, myPlansQueryOptions } from '../api/billing-api';
import { formatMoney } from '../utils/money';
import { LoadError, NothingToShow } from './screen-states';

/**
 * `ChangePlan?plan_id=` (docs/product.md → Plans): the current and the chosen plan side by side,
 * with what changes (price, kids, when the new plan starts) and what the change costs today — the
 * new plan's price less the unused days of the current one (decision 029) — before the parent
 * confirms. A change the server says cannot be made now shows why and cannot be confirmed. Opened
 * without a plan to change to, it shows the current plan and leads to the plan list; a plan that is
 * not on sale says so (decision 034: every screen settles).
 */
export function ChangePlanPage() {
  const { t } = useTranslation('billing');
  useDocumentTitle(t('changePlanTitle'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const planId = Math.max(0, Math.trunc(Number(params.get('plan_id')) || 0));
  const change = useQuery(changePlanQueryOptions(planId));
  const confirm = useMutation({
    mutationFn: () => billingApi.buyMember(planId, { change: true }),
    onSuccess: (order) => void navigate(`${paths.home.completePayment}?order_no=${order.order_no}`),
  });
  const data = change.data;
  const signed = (value: number, text: string) => (value > 0 ? `+${text}` : text);

  return (
    <Container size="md" py="xl">
      <Title order={1} mb="lg">
        {t('changePlanTitle')}
      </Title>
      {planId === 0 ? (
        <NoPlanChosen />
      ) : change.isPending ? (
        <Skeleton height={240} />
      ) : !data ? (
        <LoadError
          text={t('planMissing')}
          onRetry={() => void change.refetch()}
          error={change.error}
          retrying={change.isFetching}
          action={
            <Button component={Link} to={paths.home.purchaseLessonPlan} size="xs">
              {t('seePlans')}
            </Button>
          }
        />
      ) : (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PlanColumn title={t('currentPlan')} plan={data.current} />
            <PlanColumn title={t('newPlan')} plan={data.chosen} highlight />
          </SimpleGrid>
          <Card
            withBorder
            radius="md"
            padding="lg"
            component="section"
            aria-label={t('whatChanges')}
          >
            <Title order={2} size="h4" mb="sm">
              {t('whatChanges')}
            </Title>
            <Stack gap={6}>
              <Group justify="space-between">
                <Text c="dimmed">{t('pricePerMonth')}</Text>
                <Text fw={600}>
                  {signed(data.price_change, formatMoney(data.price_change, data.chosen.currency))}
                </Text>
              </Group>
              <Group justify="space-between">
                <Text c="dimmed">{t('kids')}</Text>
                <Text fw={600}>{signed(data.kids_change, String(data.kids_change))}</Text>
              </Group>
              <Group justify="space-between">
                <Text c="dimmed">{t('startsOn')}</Text>
                <Text fw={600}>{data.starts_at}</Text>
              </Group>
              <Group justify="space-between">
                <Text c="dimmed">{t('newPlanEnds')}</Text>
                <Text fw={600}>{data.new_expire_at}</Text>
              </Group>
              {data.current && (
                <>
                  <Group justify="space-between">
                    <Text c="dimmed">{t('unusedDays')}</Text>
                    <Text fw={600}>
                      {t('unusedDaysValue', {
                        unused: data.unused_days,
                        period: data.period_days,
                      })}
                    </Text>
                  </Group>
                  <Group justify="space-between">
                    <Text c="dimmed">{t('planCredit')}</Text>
                    <Text fw={600}>−{formatMoney(data.credit, data.chosen.currency)}</Text>
                  </Group>
                </>
              )}
              <Group justify="space-between">
                <Text fw={700}>{t('amountDue')}</Text>
                <Text fw={700} data-testid="amount-due">
                  {formatMoney(data.amount_due, data.chosen.currency)}
                </Text>
              </Group>
            </Stack>
            <Text size="sm" c="dimmed" mt="sm">
              {data.current ? t('changeNote') : t('firstPlanNote')}
            </Text>
            {!data.can_change && (
              <Text c="red.8" mt="sm" role="alert">
                {data.reason}
              </Text>
            )}
          </Card>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void navigate(-1)}>
              {t('back', { ns: 'common' })}
            </Button>
            <Button
              loading={confirm.isPending}
              disabled={!data.can_change}
              onClick={() => confirm.mutate()}
            >
              {t('confirmChange')}
            </Button>
          </Group>
        </Stack>
      )}
    </Container>
  );
}

function PlanColumn({
  title,
  plan,
  highlight = false,
}: {
  title: string;
  plan: MyPlan | Plan | null;
  highlight?: boolean;
}) {
  const { t } = useTranslation('billing');
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      style={
        highlight ? { borderColor: 'var(--mantine-color-brand-7)', borderWidth: 2 } : undefined
      }
    >
      <Text size="sm" c="dimmed" mb={4}>
        {title}
      </Text>
      {plan ? (
        <Stack gap={4}>
          <Text fw={700} size="lg">
            {plan.title}
          </Text>
          <Text>{t('kidsCount', { count: plan.kids })}</Text>
          <Text>
            {formatMoney(plan.price, plan.currency)} / {t('month')}
          </Text>
          {'expire_at' in plan && <Text size="sm">{t('expiresOn', { date: plan.expire_at })}</Text>}
        </Stack>
      ) : (
        <Text>{t('noPlan')}</Text>
      )}
    </Card>
  );
}

/** ChangePlan without `plan_id`: the plan held now (if any) and the way to the plan list. */
function NoPlanChosen() {
  const { t } = useTranslation('billing');
  const mine = useQuery(myPlansQueryOptions());
  return (
    <ListState
      query={mine}
      loading={<Skeleton height={160} />}
      error={(failure) => (
        <LoadError error={failure} onRetry={() => void mine.refetch()} retrying={mine.isFetching} />
      )}
    >
      {([current = null]) => (
        <Stack gap="lg">
          {current && <PlanColumn title={t('currentPlan')} plan={current} />}
          <NothingToShow
            title={current ? t('choosePlanFirstTitle') : t('noPlanToChangeTitle')}
            text={current ? t('choosePlanFirstText') : t('noPlanToChangeText')}
            to={paths.home.purchaseLessonPlan}
            label={current ? t('seePlans') : t('pickPlan')}
          />
        </Stack>
      )}
    </ListState>
  );
}
