import { Alert, Button, Card, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '@portal/web-kit/page';
import { loadFailure } from '@portal/web-kit/list-state';
import { paths } from '../../../config/paths';
import { profileQueryOptions } from '../../../api/profile';
import { myPlansQueryOptions } from '../api/billing-api';
import { formatMoney } from '../utils/money';
import { LoadError } from './screen-states';

// Cancel and pause (issue #25) load with their dialogs only on this screen.
const PlanActions = lazy(() =>
  import('./plan-actions').then((module) => ({ default: module.PlanActions })),
);

/**
 * `MonthlyPassUser` (spec §2 Pass Information): title, kids, price a month, expiry and how it is
 * paid (card name, or the mobile wallet), with Change plan, Pause and Cancel plan (issue #25).
 * Without a plan: a notice to buy one first.
 */
export function MonthlyPassPage() {
  const { t } = useTranslation('billing');
  useDocumentTitle(t('passTitle'));
  const profile = useQuery(profileQueryOptions());
  const plans = useQuery(myPlansQueryOptions());
  const plan = plans.data?.[0];
  const failure = loadFailure(plans) ?? loadFailure(profile);
  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="lg">
        {t('passTitle')}
      </Title>
      {failure !== undefined ? (
        <LoadError
          error={failure}
          onRetry={() => void Promise.all([plans.refetch(), profile.refetch()])}
          retrying={plans.isFetching || profile.isFetching}
        />
      ) : plans.isPending || profile.isPending ? (
        <Skeleton height={160} />
      ) : !plan || profile.data?.member_type === 0 ? (
        <Alert color="yellow" title={t('notMemberTitle')}>
          <Text mb="md">{t('notMemberText')}</Text>
          <Button component={Link} to={paths.home.purchaseLessonPlan}>
            {t('pickPlan')}
          </Button>
        </Alert>
      ) : (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="xs">
            <Text fw={700} size="xl">
              {plan.title}
            </Text>
            <Row label={t('kids')} value={t('kidsCount', { count: plan.kids })} />
            <Row
              label={t('pricePerMonth')}
              value={`${formatMoney(plan.price, plan.currency)} / ${t('month')}`}
            />
            <Row label={t('expires')} value={plan.expire_at} />
            {plan.is_auto_renew && <Row label={t('renews')} value={plan.renew_at} />}
            <Row
              label={t('payMethod')}
              value={plan.member_pay_method_type === 2 ? t('wallet') : t('card')}
            />
            <Group mt="md">
              <Button component={Link} to={paths.home.purchaseLessonPlan} variant="light">
                {t('changePlan')}
              </Button>
              <Suspense fallback={null}>
                <PlanActions />
              </Suspense>
            </Group>
          </Stack>
        </Card>
      )}
    </Container>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between">
      <Text c="dimmed">{label}</Text>
      <Text fw={500}>{value}</Text>
    </Group>
  );
}
