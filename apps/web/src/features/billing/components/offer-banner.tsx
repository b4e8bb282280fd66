import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { offerQueryOptions } from '../api/billing-api';
import { useSecondsLeft } from '../hooks/use-seconds-left';
import { formatMoney, hhmmss } from '../utils/money';

/**
 * The time-limited offer (spec §2): shown while the server says `is_show`, with an HH:MM:SS
 * countdown from `seconds_left`; it disappears at 0.
 */
export function OfferBanner({
  onBuyPlan,
  onBuyGood,
  busy,
}: {
  onBuyPlan: (planId: number) => void;
  onBuyGood: (goodId: number) => void;
  busy: boolean;
}) {
  const { t } = useTranslation('billing');
  const offer = useQuery(offerQueryOptions());
  const left = useSecondsLeft(offer.data?.seconds_left, offer.dataUpdatedAt);
  if (!offer.data?.is_show || left <= 0) return null;
  const { plan_info: plan, good_info: good } = offer.data;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      mb="xl"
      style={{ borderColor: plan?.color ?? 'var(--mantine-color-grape-7)', borderWidth: 2 }}
      aria-label={t('offerTitle')}
      component="section"
    >
      <Group justify="space-between" align="flex-start">
        <div>
          <Badge color="grape" variant="filled" mb="xs">
            {t('offerTitle')}
          </Badge>
          <Text fw={700} size="lg">
            {plan?.title}
          </Text>
          <Text size="sm" c="dimmed">
            {plan?.describe}
          </Text>
        </div>
        <Stack gap={0} align="flex-end">
          <Text size="xs" c="dimmed">
            {t('offerEndsIn')}
          </Text>
          <Text fz={28} fw={700} ff="monospace" role="timer">
            {hhmmss(left)}
          </Text>
        </Stack>
      </Group>
      <Group mt="md">
        {plan && (
          <Button loading={busy} onClick={() => onBuyPlan(plan.id)}>
            {t('buyOfferPlan', { price: formatMoney(plan.price, plan.currency) })}
          </Button>
        )}
        {good && (
          <Button variant="light" loading={busy} onClick={() => onBuyGood(good.id)}>
            {t('buyOfferGood', {
              count: good.quantity,
              price: formatMoney(good.price, good.currency),
            })}
          </Button>
        )}
      </Group>
    </Card>
  );
}
