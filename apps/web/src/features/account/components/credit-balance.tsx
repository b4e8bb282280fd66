import { Anchor, Badge, Button, Group, HoverCard, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { accountQueryOptions } from '../../../api/credits';

/**
 * Header credit balance (spec §2 Header): on hover (or focus) it tells paid credit, which is
 * refundable, from reward credit, which is not.
 */
export function CreditBalance() {
  const { t } = useTranslation();
  const account = useQuery(accountQueryOptions());
  if (!account.data) return null;
  const { balance, balance_valid, purchased_credit, reward_credit } = account.data;
  return (
    <HoverCard width={260} shadow="md" position="bottom-end" withinPortal openDelay={100}>
      <HoverCard.Target>
        <Button variant="light" size="xs" aria-label={t('creditsLabel', { count: balance })}>
          {t('credits', { count: balance })}
        </Button>
      </HoverCard.Target>
      <HoverCard.Dropdown>
        <Stack gap={6}>
          <Group justify="space-between">
            <Text size="sm">{t('paidCredit')}</Text>
            <Text size="sm" fw={700}>
              {purchased_credit}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" mt={-6}>
            {t('paidCreditHint')}
          </Text>
          <Group justify="space-between">
            <Text size="sm">{t('rewardCredit')}</Text>
            <Text size="sm" fw={700}>
              {reward_credit}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" mt={-6}>
            {t('rewardCreditHint')}
          </Text>
          <Group justify="space-between">
            <Text size="sm">{t('availableCredit')}</Text>
            <Badge variant="light" c="brand.9">
              {balance_valid}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed" mt={-6}>
            {t('availableCreditHint')}
          </Text>
          <Anchor component={Link} to={paths.recharge} size="sm">
            {t('topUp')}
          </Anchor>
        </Stack>
      </HoverCard.Dropdown>
    </HoverCard>
  );
}
