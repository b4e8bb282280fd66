import {
  Anchor,
  Button,
  Grid,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@portal/web-kit/page';
import { ApiError } from '@portal/web-kit/api-client';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useMe } from '../../../lib/use-me';
import { familyQuery } from '../api';
import {
  BalanceCard,
  ChildrenCard,
  PlanCard,
  ProfileCard,
  type ChildActionProps,
} from './family-cards';
import { FamilyTabs } from './family-tabs';
import { StatusBadge } from './status-badge';

export interface FamilyPageProps {
  /**
   * The family's audit entries, drawn by the audit feature (app/routes.tsx composes the two);
   * shown to a role with `audit.read`.
   */
  auditSection?: ComponentType<{ userSn: string }>;
  /**
   * An action on each child's row drawn by another feature (the timetable's "Enrol in a course",
   * composed in app/routes.tsx); shown to a role with `schedule.manage`.
   */
  childAction?: ComponentType<ChildActionProps>;
  /**
   * The family's plan with its actions, drawn by the orders feature (composed in
   * app/routes.tsx); shown instead of the plan card to a role with `orders.read`.
   */
  planSection?: ComponentType<{ userSn: string }>;
}

/**
 * `/families/:userSn`: a family's profile, credits, plan, children, lessons, ledger, orders,
 * sessions, messages and audit entries. Opening it is recorded as `family.viewed`.
 */
export function FamilyPage({ auditSection, childAction, planSection }: FamilyPageProps) {
  const { t } = useTranslation('families');
  const { userSn = '' } = useParams();
  const { can } = useMe();
  const family = useQuery(familyQuery(userSn));
  const parent = family.data?.parent;
  useDocumentTitle(parent ? parent.name || parent.userSn : t('title'));

  const back = (
    <Anchor component={Link} to={paths.families} size="sm">
      ← {t('backToFamilies')}
    </Anchor>
  );

  if (family.isPending)
    return (
      <Stack aria-busy="true" aria-label={t('loading', { ns: 'common' })}>
        {back}
        <Skeleton height={36} width={320} />
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <Skeleton height={260} />
          <Skeleton height={260} />
          <Skeleton height={260} />
        </SimpleGrid>
      </Stack>
    );

  if (family.isError) {
    const missing = family.error instanceof ApiError && family.error.httpStatus === 404;
    return (
      <Stack align="flex-start">
        {back}
        <Title order={1}>{missing ? t('notFound') : t('loadFailed')}</Title>
        {!missing && (
          <Button variant="light" onClick={() => void family.refetch()}>
            {t('retry', { ns: 'common' })}
          </Button>
        )}
      </Stack>
    );
  }

  const detail = family.data;
  const canWrite = can('families.write');
  const PlanSection = can('orders.read') ? planSection : undefined;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        {back}
        <Group gap="sm" align="center">
          <Title order={1}>{detail.parent.name || t('noName')}</Title>
          {detail.parent.onboarded ? (
            <StatusBadge color="green">{t('onboarded')}</StatusBadge>
          ) : (
            <StatusBadge color="yellow">{t('onboardingPending')}</StatusBadge>
          )}
          {detail.plan && <StatusBadge color="brand">{t('memberBadge')}</StatusBadge>}
        </Group>
        <Text size="sm" c="gray.7">
          {detail.parent.userSn}
        </Text>
      </Stack>
      {/* The profile holds the longest values (e-mail, zone): it gets the widest column. */}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ProfileCard family={detail} canWrite={canWrite} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <BalanceCard family={detail} canCorrect={can('credits.correct')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>
          {PlanSection ? (
            <PlanSection userSn={detail.parent.userSn} />
          ) : (
            <PlanCard family={detail} />
          )}
        </Grid.Col>
      </Grid>
      <ChildrenCard
        family={detail}
        canWrite={canWrite}
        ChildAction={can('schedule.manage') ? childAction : undefined}
      />
      <FamilyTabs
        family={detail}
        canWrite={canWrite}
        AuditSection={can('audit.read') ? auditSection : undefined}
      />
    </Stack>
  );
}
