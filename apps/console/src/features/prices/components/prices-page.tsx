import { Badge, Button, Group, Stack, Tabs, Text, Title, VisuallyHidden } from '@mantine/core';
import type { PriceGood, PriceList, PricePackage, PricePlan } from '@portal/shared/staff';
import { ListState } from '@portal/web-kit/list-state';
import { notify } from '@portal/web-kit/notify';
import { useDocumentTitle } from '@portal/web-kit/page';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Dialog, DialogActions } from '../../../components/dialog';
import { currentLanguage } from '../../../lib/i18n';
import { useUrlSearch } from '../../../lib/url-search';
import { pricesApi, pricesQuery, refreshPrices, type PriceKind } from '../api';
import { formatMoney } from '../utils/money';
import { GoodForm, PackageForm, PlanForm } from './price-forms';
import { PricePreview, type PreviewItem } from './price-preview';

const TABS = ['packages', 'plans', 'offers', 'goods'] as const;
type Tab = (typeof TABS)[number];
const SearchSchema = z.object({ tab: z.enum(TABS).default('packages') });

const TABLE_LOOK = {
  withTableBorder: true,
  borderRadius: 'md',
  striped: true,
  highlightOnHover: true,
  verticalSpacing: 'xs',
} as const;

type Row =
  | { tab: 'packages'; item: PricePackage }
  | { tab: 'plans' | 'offers'; item: PricePlan }
  | { tab: 'goods'; item: PriceGood };

const kindOf = (tab: Tab): PriceKind => (tab === 'offers' ? 'plans' : tab);

/** The row's name in the interface language. */
function nameOf(row: Row, language: string): string {
  const zh = language === 'zh_CN';
  if (row.tab === 'goods')
    return (zh ? row.item.descriptionZh : row.item.descriptionEn) || `${row.item.quantity}`;
  return zh ? row.item.titleZh : row.item.titleEn;
}

/** The regular plan's price for as many kids in the currency (the offer shows it struck through). */
function regularPriceIn(list: PriceList) {
  return (kids: number, currency: string) =>
    list.plans
      .filter(
        (plan) =>
          !plan.isOffer &&
          plan.state === 'on-sale' &&
          plan.kids === kids &&
          plan.currency === currency,
      )
      .map((plan) => plan.priceMinor)
      .sort((a, b) => a - b)[0] ?? null;
}

function previewOf(row: Row, list: PriceList): PreviewItem {
  if (row.tab === 'packages') return { kind: 'package', item: row.item };
  if (row.tab === 'goods') return { kind: 'good', item: row.item };
  return {
    kind: 'plan',
    item: row.item,
    regularPriceMinor: row.item.isOffer
      ? regularPriceIn(list)(row.item.kids, row.item.currency)
      : null,
  };
}

function StateBadge({ state }: { state: PricePlan['state'] }) {
  const { t } = useTranslation('prices');
  const color = state === 'on-sale' ? 'green' : state === 'scheduled' ? 'blue' : 'gray';
  return (
    <Badge color={color} c="dark.8" variant="light" tt="none">
      {t(`states.${state}`)}
    </Badge>
  );
}

/**
 * `/prices` (`money.manage`): what parents can buy — credit packages, monthly plans, the
 * time-limited offers and the credits sold with them — one tab each (the tab in the URL). Add and
 * edit in a dialog with the prices typed in major units and a live preview of the parents' card
 * in both languages; retire after confirming. A change applies to orders made afterwards only.
 */
export function PricesPage() {
  const { t } = useTranslation('prices');
  useDocumentTitle(t('title'));
  const prices = useQuery(pricesQuery());
  const { query: search, update } = useUrlSearch(SearchSchema);
  const language = currentLanguage();
  const [editing, setEditing] = useState<Row | { tab: Tab; item: null } | null>(null);
  const [previewing, setPreviewing] = useState<Row | null>(null);
  const [retiring, setRetiring] = useState<Row | null>(null);

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1}>{t('title')}</Title>
        <Text size="sm" c="gray.7">
          {t('intro')}
        </Text>
      </Stack>
      <Tabs
        value={search.tab}
        onChange={(tab) => update({ tab: (tab as Tab | null) ?? undefined })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {t(`tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <ListState query={prices}>
          {(list) => {
            const rows = rowsOf(list, search.tab);
            return (
              <Tabs.Panel value={search.tab}>
                <Stack gap="md">
                  <Group justify="flex-end">
                    <Button onClick={() => setEditing({ tab: search.tab, item: null })}>
                      {t(`add.${search.tab}`)}
                    </Button>
                  </Group>
                  <DataTable<Row>
                    {...TABLE_LOOK}
                    aria-label={t(`captions.${search.tab}`)}
                    idAccessor={(row) => `${row.tab}-${row.item.id}`}
                    noRecordsText={t('empty')}
                    minHeight={rows.length ? undefined : 160}
                    records={rows}
                    columns={columnsOf(search.tab, t, language, {
                      edit: setEditing,
                      preview: setPreviewing,
                      retire: setRetiring,
                    })}
                  />
                </Stack>
                <Dialog
                  opened={editing !== null}
                  onClose={() => setEditing(null)}
                  size="xl"
                  title={
                    editing === null
                      ? ''
                      : editing.item === null
                        ? t(`dialogs.${editing.tab}.add`)
                        : t(`dialogs.${editing.tab}.edit`, {
                            name: nameOf(editing as Row, language),
                          })
                  }
                >
                  {editing !== null && (
                    <EditForm
                      key={`${editing.tab}-${editing.item?.id ?? 'new'}`}
                      editing={editing}
                      list={list}
                      onDone={() => setEditing(null)}
                    />
                  )}
                </Dialog>
                <Dialog
                  opened={previewing !== null}
                  onClose={() => setPreviewing(null)}
                  size="xl"
                  title={
                    previewing
                      ? t('dialogs.previewTitle', { name: nameOf(previewing, language) })
                      : ''
                  }
                >
                  {previewing && <PricePreview preview={previewOf(previewing, list)} />}
                </Dialog>
                <RetireDialog row={retiring} onClose={() => setRetiring(null)} />
              </Tabs.Panel>
            );
          }}
        </ListState>
      </Tabs>
    </Stack>
  );
}

function rowsOf(list: PriceList, tab: Tab): Row[] {
  switch (tab) {
    case 'packages':
      return list.packages.map((item) => ({ tab, item }));
    case 'plans':
      return list.plans.filter((item) => !item.isOffer).map((item) => ({ tab, item }));
    case 'offers':
      return list.plans.filter((item) => item.isOffer).map((item) => ({ tab, item }));
    case 'goods':
      return list.goods.map((item) => ({ tab, item }));
  }
}

function EditForm({
  editing,
  list,
  onDone,
}: {
  editing: Row | { tab: Tab; item: null };
  list: PriceList;
  onDone: () => void;
}) {
  const nextSort = rowsOf(list, editing.tab).length;
  switch (editing.tab) {
    case 'packages':
      return (
        <PackageForm
          item={editing.item as PricePackage | null}
          nextSort={nextSort}
          onDone={onDone}
        />
      );
    case 'goods':
      return (
        <GoodForm item={editing.item as PriceGood | null} nextSort={nextSort} onDone={onDone} />
      );
    default:
      return (
        <PlanForm
          item={editing.item as PricePlan | null}
          isOffer={editing.tab === 'offers'}
          nextSort={editing.tab === 'offers' ? 99 : nextSort}
          regularPriceOf={regularPriceIn(list)}
          onDone={onDone}
        />
      );
  }
}

type Translate = ReturnType<typeof useTranslation<'prices'>>['t'];

function isRetired(row: Row): boolean {
  if (row.tab === 'packages' || row.tab === 'goods') return !row.item.isActive;
  return row.item.retiredAt !== null;
}

function columnsOf(
  tab: Tab,
  t: Translate,
  language: string,
  open: { edit: (row: Row) => void; preview: (row: Row) => void; retire: (row: Row) => void },
): DataTableColumn<Row>[] {
  const time = (iso: string | null) =>
    iso
      ? new Date(iso).toLocaleString(language === 'zh_CN' ? 'zh-CN' : 'en-GB', {
          dateStyle: 'medium',
          timeStyle: 'short',
        })
      : t('atOnce');
  const price: DataTableColumn<Row> = {
    accessor: 'price',
    title: t('columns.price'),
    textAlign: 'right',
    render: (row) => formatMoney(row.item.priceMinor, row.item.currency),
  };
  const state: DataTableColumn<Row> = {
    accessor: 'state',
    title: t('columns.state'),
    render: (row) =>
      row.tab === 'packages' || row.tab === 'goods' ? (
        <StateBadge state={row.item.isActive ? 'on-sale' : 'retired'} />
      ) : (
        <StateBadge state={row.item.state} />
      ),
  };
  const actions: DataTableColumn<Row> = {
    accessor: 'actions',
    title: <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>,
    textAlign: 'right',
    render: (row) => {
      const name = nameOf(row, language);
      return (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Button
            variant="subtle"
            size="compact-sm"
            aria-label={t('previewNamed', { name })}
            onClick={() => open.preview(row)}
          >
            {t('preview')}
          </Button>
          {!isRetired(row) && (
            <>
              <Button
                variant="subtle"
                size="compact-sm"
                aria-label={t('editNamed', { name })}
                onClick={() => open.edit(row)}
              >
                {t('edit')}
              </Button>
              <Button
                variant="subtle"
                color="red.8"
                size="compact-sm"
                aria-label={t('retireNamed', { name })}
                onClick={() => open.retire(row)}
              >
                {t('retire')}
              </Button>
            </>
          )}
        </Group>
      );
    },
  };
  const title: DataTableColumn<Row> = {
    accessor: 'title',
    title: t('columns.title'),
    render: (row) => nameOf(row, language),
  };
  switch (tab) {
    case 'packages':
      return [
        title,
        {
          accessor: 'credits',
          title: t('columns.credits'),
          render: (row) => (row.tab === 'packages' ? row.item.quantity : null),
        },
        {
          accessor: 'extra',
          title: t('columns.extra'),
          render: (row) => (row.tab === 'packages' ? row.item.extraQuantity : null),
        },
        price,
        state,
        actions,
      ];
    case 'goods':
      return [
        {
          accessor: 'credits',
          title: t('columns.credits'),
          render: (row) => (row.tab === 'goods' ? row.item.quantity : null),
        },
        {
          accessor: 'description',
          title: t('columns.description'),
          render: (row) => nameOf(row, language),
        },
        price,
        state,
        actions,
      ];
    default:
      return [
        title,
        {
          accessor: 'kids',
          title: t('columns.kids'),
          render: (row) => (row.tab === 'plans' || row.tab === 'offers' ? row.item.kids : null),
        },
        price,
        ...(tab === 'offers'
          ? [
              {
                accessor: 'offerStartsAt',
                title: t('columns.offerStartsAt'),
                render: (row: Row) => (row.tab === 'offers' ? time(row.item.offerStartsAt) : null),
              },
              {
                accessor: 'offerEndsAt',
                title: t('columns.offerEndsAt'),
                render: (row: Row) => (row.tab === 'offers' ? time(row.item.offerEndsAt) : null),
              },
            ]
          : []),
        state,
        actions,
      ];
  }
}

/** Confirms retiring an item: parents can no longer buy it; orders made keep their price. */
function RetireDialog({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const { t } = useTranslation('prices');
  const client = useQueryClient();
  const name = row ? nameOf(row, currentLanguage()) : '';
  const retire = useMutation({
    mutationFn: (target: Row) => pricesApi.retire(kindOf(target.tab), target.item.id),
    onSuccess: async () => {
      notify('green', t('retiredDone', { name }));
      await refreshPrices(client);
      onClose();
    },
  });
  return (
    <Dialog opened={row !== null} onClose={onClose} title={t('dialogs.retireTitle', { name })}>
      {row && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!retire.isPending) retire.mutate(row);
          }}
        >
          <Stack gap="md">
            <Text size="sm">{t('dialogs.retireText')}</Text>
            <DialogActions
              onCancel={onClose}
              pending={retire.isPending}
              gap="sm"
              submitProps={{ color: 'red.8' }}
            >
              {t('retire')}
            </DialogActions>
          </Stack>
        </form>
      )}
    </Dialog>
  );
}
