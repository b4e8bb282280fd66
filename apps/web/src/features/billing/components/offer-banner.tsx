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
 * countdown from `seconds_left`; it disappears at 0. Decision 034: it is shown as a discount of
 * the regular plan (its price struck through), and not to a parent holding that plan or a larger
 * one (the server leaves it out; `heldKids` hides it at once after a purchase in this tab too).
 */
export function OfferBanner({
  onBuyPlan,
  onBuyGood,
  busy,
  heldKids = 0,
}: {
  onBuyPlan: (planId: number) => void;
  onBuyGood: (goodId: number) => void;
  busy: boolean;
  /** Kids covered by the plan the parent holds (0 without one). */
  heldKids?: number;
}) {
  const { t } = useTranslation('billing');
  const offer = useQuery(offerQueryOptions());
  const left = useSecondsLeft(offer.data?.seconds_left, offer.dataUpdatedAt);
  if (!offer.data?.is_show || left <= 0) return null;
  const { plan_info: plan, good_info: good, regular_price: regular } = offer.data;
  if (plan && heldKids >= plan.kids) return null;
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
          {plan && (
            <Group gap="xs" align="baseline" mt="xs">
              {regular !== null && regular > plan.price && (
                <Text
                  td="line-through"
                  c="dimmed"
                  data-testid="regular-price"
                  aria-label={t('regularPrice', {
                    price: formatMoney(regular, plan.currency),
                  })}
                >
                  {formatMoney(regular, plan.currency)}
                </Text>
              )}
              <Text fz={24} fw={700} data-testid="offer-price">
                {formatMoney(plan.price, plan.currency)}
              </Text>
              <Text size="sm" c="dimmed">
                / {t('month')}
              </Text>
              {regular !== null && regular > plan.price && (
                <Badge color="green" c="dark.8" variant="light" tt="none">
                  {t('saveAmount', {
                    amount: formatMoney(
                      (Math.round(regular * 100) - Math.round(plan.price * 100)) / 100,
                      plan.currency,
                    ),
                  })}
                </Badge>
              )}
            </Group>
          )}
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
