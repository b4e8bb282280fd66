import { Button, Card, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { ListState } from '@portal/web-kit/list-state';
import '@mantine/core/styles/Card.css';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@portal/web-kit/page';
import { billingApi, goToCheckout } from '../api/billing-api';
import { rechargeQueryOptions } from '../api/recharge-query';
import { formatMoney } from '../utils/money';
import { LoadError } from './screen-states';

/**
 * `/payList` and `/toPay` (spec §2): the mobile list of credit packages; each Pay opens the
 * checkout for that package (`type=credit`).
 */
export function PayListPage() {
  const { t } = useTranslation('billing');
  useDocumentTitle(t('rechargeTitle'));
  const packages = useQuery(rechargeQueryOptions());
  const pay = useMutation({
    mutationFn: (id: number) => billingApi.checkoutPackage(id, 'credit'),
    onSuccess: (session) => goToCheckout(session.url, t('failed')),
  });
  return (
    <Container size="xs" py="lg">
      <Title order={1} size="h2" mb="md">
        {t('rechargeTitle')}
      </Title>
      <ListState
        query={packages}
        loading={<Skeleton height={200} />}
        error={(failure) => (
          <LoadError
            error={failure}
            onRetry={() => void packages.refetch()}
            retrying={packages.isFetching}
          />
        )}
      >
        {(loaded) => (
          <Stack gap="sm">
            {loaded.list.map((pkg) => (
              <Card key={pkg.id} withBorder radius="md" padding="md">
                <Group justify="space-between" wrap="nowrap">
                  <div>
                    <Text fw={700}>{pkg.title}</Text>
                    <Text size="sm" c="dimmed">
                      {formatMoney(pkg.price, pkg.currency)}
                      {pkg.extra_quantity > 0
                        ? ` · ${t('extraCredits', { count: pkg.extra_quantity })}`
                        : ''}
                    </Text>
                  </div>
                  <Button
                    size="sm"
                    loading={pay.isPending && pay.variables === pkg.id}
                    onClick={() => pay.mutate(pkg.id)}
                    aria-label={t('payFor', { title: pkg.title })}
                  >
                    {t('pay')}
                  </Button>
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </ListState>
    </Container>
  );
}
