import {
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { ListState } from '@portal/web-kit/list-state';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@portal/web-kit/page';
import { paths } from '../../../config/paths';
import { messageText } from '../../../lib/i18n';
import { notify } from '@portal/web-kit/notify';
import { billingApi, goToCheckout } from '../api/billing-api';
import { rechargeQueryOptions } from '../api/recharge-query';
import { formatMoney } from '../utils/money';
import { LoadError } from './screen-states';

/**
 * `/recharge` (spec §2): pick a credit package and pay through the hosted checkout. Back goes to
 * the credit history when opened from there (`type=credit`), otherwise to the dashboard.
 */
export function RechargePage() {
  const { t } = useTranslation('billing');
  useDocumentTitle(t('rechargeTitle'));
  const [params] = useSearchParams();
  const fromHistory = params.get('type') === 'credit';
  const packages = useQuery(rechargeQueryOptions());
  const [selected, setSelected] = useState<number | null>(null);
  const pay = useMutation({
    mutationFn: (id: number) => billingApi.checkoutPackage(id, fromHistory ? 'credit' : undefined),
    onSuccess: (session) => goToCheckout(session.url, t('failed')),
  });

  return (
    <Container size="md" py="xl">
      <Anchor component={Link} to={fromHistory ? paths.payHistory : paths.dashboard} size="sm">
        ← {t('back', { ns: 'common' })}
      </Anchor>
      <Group justify="space-between" align="flex-end" my="lg">
        <Title order={1}>{t('rechargeTitle')}</Title>
        {/* Decision 034: no balance is shown until it is known (never an invented 0). */}
        {packages.data && (
          <Text c="dimmed">{t('currentBalance', { count: packages.data.balance })}</Text>
        )}
      </Group>
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
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 1, xs: 2 }} role="radiogroup" aria-label={t('packages')}>
              {loaded.list.map((pkg) => {
                const active = selected === pkg.id;
                return (
                  <UnstyledButton
                    key={pkg.id}
                    role="radio"
                    aria-checked={active}
                    onClick={() => setSelected(pkg.id)}
                  >
                    <Card
                      withBorder
                      radius="md"
                      padding="lg"
                      style={
                        active
                          ? { borderColor: 'var(--mantine-color-brand-7)', borderWidth: 2 }
                          : undefined
                      }
                    >
                      <Group justify="space-between" align="flex-start">
                        <div>
                          <Text fw={700} size="lg">
                            {pkg.title}
                          </Text>
                          <Text size="sm" c="dimmed">
                            {t('credits', { count: pkg.quantity })}
                          </Text>
                        </div>
                        {pkg.extra_quantity > 0 && (
                          <Badge color="green" c="dark.8" variant="light" tt="none">
                            {t('extraCredits', { count: pkg.extra_quantity })}
                          </Badge>
                        )}
                      </Group>
                      <Text fz={28} fw={700} mt="md">
                        {formatMoney(pkg.price, pkg.currency)}
                      </Text>
                    </Card>
                  </UnstyledButton>
                );
              })}
            </SimpleGrid>
            <Group justify="flex-end">
              <Button
                size="md"
                loading={pay.isPending}
                onClick={() => {
                  // Spec §5: paying needs a chosen package.
                  if (selected === null) notify('yellow', messageText('selectPackage'));
                  else pay.mutate(selected);
                }}
              >
                {t('payNow')}
              </Button>
            </Group>
          </Stack>
        )}
      </ListState>
    </Container>
  );
}
