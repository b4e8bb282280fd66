import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import {
  ActionIcon,
  Card,
  Grid,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@portal/shared/staff';
import { DASHBOARD_WEEKS_DEFAULT } from '@portal/shared/staff';
import { ListState } from '@portal/web-kit/list-state';
import { useDocumentTitle } from '@portal/web-kit/page';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { dashboardQuery } from '../api';
import { formatCount, formatDay, formatRate } from '../utils/format';

/** The spans offered (the server takes 4–26); anything else in the URL means the default. */
const SPANS = [4, 8, 12, 26] as const;

function spanOf(value: string | null): number {
  const weeks = Number(value);
  return (SPANS as readonly number[]).includes(weeks) ? weeks : DASHBOARD_WEEKS_DEFAULT;
}

/** The ring's centre figure reads as a total, not a footnote. */
const DONUT_STYLES = { label: { fontSize: 22, fontWeight: 700 } };

const STATE_COLORS = {
  upcoming: 'blue.5',
  inProgress: 'teal.5',
  done: 'green.7',
  noShow: 'red.5',
} as const;

/** The school's figures at a glance (issue #21): drawn with @mantine/charts. */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  useDocumentTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const weeks = spanOf(params.get('weeks'));
  const dashboard = useQuery({ ...dashboardQuery(weeks), placeholderData: keepPreviousData });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>{t('title')}</Title>
          <Text size="sm" c="dimmed" mih={20}>
            {dashboard.data &&
              t('asOf', {
                time: formatDateTime(dashboard.data.asOf),
                zone: dashboard.data.timeZone,
              })}
          </Text>
        </Stack>
        <Group gap="sm">
          <SegmentedControl
            aria-label={t('span')}
            value={String(weeks)}
            onChange={(value) =>
              setParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  next.set('weeks', value);
                  return next;
                },
                { replace: true },
              )
            }
            data={SPANS.map((span) => ({
              value: String(span),
              label: t('weeks', { count: span }),
            }))}
          />
          <Tooltip label={t('refresh')}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('refresh')}
              loading={dashboard.isFetching}
              onClick={() => void dashboard.refetch()}
            >
              <RefreshIcon />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <ListState query={dashboard} loading={<DashboardSkeleton />}>
        {(data) => <Figures data={data} />}
      </ListState>
    </Stack>
  );
}

function Figures({ data }: { data: Dashboard }) {
  const { t } = useTranslation('dashboard');
  const language = currentLanguage();
  const count = (value: number) => formatCount(value, language);
  const todayTotal =
    data.today.upcoming + data.today.inProgress + data.today.done + data.today.noShow;
  const weeks = data.weeks.map((week) => ({ ...week, label: formatDay(week.weekStart, language) }));
  const weekLabel = (label: ReactNode) => t('weekOf', { date: String(label) });
  // What the two weekly charts share: one point a week, counted, named by its week.
  const weekly = {
    h: 300,
    data: weeks,
    dataKey: 'label',
    withLegend: true,
    legendProps: { verticalAlign: 'bottom', height: 40 },
    tickLine: 'y',
    yAxisProps: { allowDecimals: false },
    valueFormatter: count,
    tooltipProps: { labelFormatter: weekLabel },
  } as const;

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        <Stat
          label={t('lessonsToday')}
          value={count(todayTotal)}
          detail={t('lessonsTodayDetail', {
            done: count(data.today.done),
            noShow: count(data.today.noShow),
          })}
        />
        <Stat
          label={t('activeMembers')}
          value={count(data.activeMembers)}
          detail={t('activeMembersDetail')}
        />
        <Stat
          label={t('leaveRate')}
          value={formatRate(data.leaveRate.rate, language)}
          detail={t('leaveRateDetail', {
            leaves: count(data.leaveRate.leaves),
            lessons: count(data.leaveRate.lessons),
          })}
        />
        <Stat
          label={t('outstanding')}
          value={count(data.creditsOutstanding.paid)}
          detail={t('outstandingDetail', {
            paid: count(data.creditsOutstanding.paid),
            reward: count(data.creditsOutstanding.reward),
          })}
          hint={t('outstandingHint')}
          accent
        />
      </SimpleGrid>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <ChartCard title={t('lessonsToday')}>
            <DonutFigures
              total={todayTotal}
              empty={t('lessonsTodayNone')}
              count={count}
              parts={(['upcoming', 'inProgress', 'done', 'noShow'] as const).map((state) => ({
                label: t(`states.${state}`),
                value: data.today[state],
                color: STATE_COLORS[state],
              }))}
            />
          </ChartCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <ChartCard title={t('growth')}>
            <BarChart
              {...weekly}
              series={[
                { name: 'registrations', label: t('registrations'), color: 'blue.6' },
                { name: 'firstPurchases', label: t('firstPurchases'), color: 'orange.6' },
              ]}
            />
          </ChartCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <ChartCard title={t('credits')}>
            <LineChart
              {...weekly}
              curveType="linear"
              series={[
                { name: 'creditsSold', label: t('creditsSold'), color: 'teal.6' },
                { name: 'creditsConsumed', label: t('creditsConsumed'), color: 'grape.6' },
              ]}
            />
          </ChartCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <ChartCard title={t('outstanding')}>
            <DonutFigures
              total={data.creditsOutstanding.total}
              empty={count(0)}
              count={count}
              parts={[
                { label: t('paid'), value: data.creditsOutstanding.paid, color: 'indigo.6' },
                { label: t('reward'), value: data.creditsOutstanding.reward, color: 'yellow.5' },
              ]}
            />
          </ChartCard>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function Stat(props: {
  label: string;
  value: string;
  detail: string;
  hint?: string;
  accent?: boolean;
}) {
  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      style={props.accent ? { borderColor: 'var(--mantine-color-indigo-4)' } : undefined}
    >
      <Text size="sm" c="dimmed" fw={500}>
        {props.label}
      </Text>
      <Text fz={32} fw={700} lh={1.2} mt={4}>
        {props.value}
      </Text>
      <Text size="sm" mt={4}>
        {props.detail}
      </Text>
      {props.hint && (
        <Text size="xs" c="dimmed" mt={6}>
          {props.hint}
        </Text>
      )}
    </Card>
  );
}

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" radius="md" h="100%">
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}

interface DonutPart {
  label: string;
  value: number;
  color: string;
}

/**
 * A donut of `parts` with `total` in its centre, or the `empty` text when the total is 0, and
 * the legend of every part under it.
 */
function DonutFigures({
  total,
  empty,
  count,
  parts,
}: {
  total: number;
  empty: string;
  count: (value: number) => string;
  parts: DonutPart[];
}) {
  return (
    <>
      {total === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py={80}>
          {empty}
        </Text>
      ) : (
        <DonutChart
          h={240}
          mx="auto"
          size={180}
          thickness={28}
          styles={DONUT_STYLES}
          withLabelsLine={false}
          withTooltip
          tooltipDataSource="segment"
          chartLabel={count(total)}
          valueFormatter={count}
          // Empty parts would draw a seam in the ring; the legend lists every part.
          data={parts
            .filter((part) => part.value > 0)
            .map(({ label, value, color }) => ({ name: label, value, color }))}
        />
      )}
      <Legend
        items={parts.map((part) => ({
          label: part.label,
          value: count(part.value),
          color: part.color,
        }))}
      />
    </>
  );
}

/** The figures beside a donut, readable without hovering. */
function Legend({ items }: { items: { label: string; value: string; color: string }[] }) {
  return (
    <Group justify="center" gap="md" mt="sm">
      {items.map((item) => (
        <Group key={item.label} gap={6} wrap="nowrap">
          <span
            aria-hidden
            style={{
              width: 10,
              height: 10,
              borderRadius: 2,
              background: `var(--mantine-color-${item.color.replace('.', '-')})`,
            }}
          />
          <Text size="sm">
            {item.label} <b>{item.value}</b>
          </Text>
        </Group>
      ))}
    </Group>
  );
}

function DashboardSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} h={130} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton h={340} radius="md" />
    </Stack>
  );
}

function RefreshIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <path
        d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
