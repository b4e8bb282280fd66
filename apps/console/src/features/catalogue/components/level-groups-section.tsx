import { Button, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CatalogueLevelGroupBodySchema,
  type CatalogueLevelGroup,
  type CatalogueLevelGroupBody,
  type CatalogueTree,
} from '@portal/shared/staff';
import { fieldError, useFormFeedback } from '@portal/web-kit/forms';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DialogActions } from '../../../components/dialog';
import { currentLanguage } from '../../../lib/i18n';
import { catalogueApi, refreshCatalogue } from '../api';
import { localTitle } from '../utils/local';
import { BilingualColumns, CatalogueDialog, CatalogueForm } from './catalogue-dialog';
import { NumberField } from './number-field';
import { EditButton, SectionBar, TABLE_LOOK } from './section-parts';
import { SubjectFilter } from './subject-filter';

/** A subject's level groups (the public schedule's level filter); add and edit. */
export function LevelGroupsSection({
  tree,
  subjectId,
  onSubject,
}: {
  tree: CatalogueTree;
  subjectId: number | undefined;
  onSubject: (id: number | undefined) => void;
}) {
  const { t } = useTranslation('catalogue');
  const language = currentLanguage();
  const [editing, setEditing] = useState<CatalogueLevelGroup | 'new' | null>(null);
  const groups = tree.levelGroups.filter((group) => group.subjectId === subjectId);
  return (
    <Stack gap="md">
      <Text size="sm" c="gray.7">
        {t('levelGroups.intro')}
      </Text>
      <SectionBar
        filters={<SubjectFilter tree={tree} value={subjectId} onChange={onSubject} required />}
      >
        <Button onClick={() => setEditing('new')} disabled={subjectId === undefined}>
          {t('levelGroups.add')}
        </Button>
      </SectionBar>
      <DataTable<CatalogueLevelGroup>
        {...TABLE_LOOK}
        noRecordsText={t('levelGroups.empty')}
        minHeight={groups.length ? undefined : 160}
        records={groups}
        columns={[
          { accessor: 'titleEn', title: t('titleEn') },
          { accessor: 'titleZh', title: t('titleZh') },
          { accessor: 'sort', title: t('sort'), width: 90 },
          {
            accessor: 'actions',
            title: t('actions'),
            textAlign: 'right',
            render: (group) => (
              <EditButton
                label={t('editNamed', { name: localTitle(group, language) })}
                onClick={() => setEditing(group)}
              />
            ),
          },
        ]}
      />
      <CatalogueDialog
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing === 'new' || editing === null
            ? t('levelGroups.addTitle')
            : t('levelGroups.editTitle', { name: localTitle(editing, language) })
        }
      >
        {editing !== null && subjectId !== undefined && (
          <LevelGroupForm
            key={editing === 'new' ? 'new' : editing.id}
            group={editing === 'new' ? null : editing}
            subjectId={subjectId}
            nextSort={groups.length}
            onDone={() => setEditing(null)}
          />
        )}
      </CatalogueDialog>
    </Stack>
  );
}

type Values = z.input<typeof CatalogueLevelGroupBodySchema>;

function LevelGroupForm({
  group,
  subjectId,
  nextSort,
  onDone,
}: {
  group: CatalogueLevelGroup | null;
  subjectId: number;
  nextSort: number;
  onDone: () => void;
}) {
  const { t } = useTranslation('catalogue');
  const { t: common } = useTranslation();
  const client = useQueryClient();
  const form = useForm<Values, unknown, CatalogueLevelGroupBody>({
    resolver: zodResolver(CatalogueLevelGroupBodySchema),
    defaultValues: group
      ? { titleEn: group.titleEn, titleZh: group.titleZh, sort: group.sort }
      : { titleEn: '', titleZh: '', sort: nextSort },
  });
  const feedback = useFormFeedback(form, {
    order: ['titleEn', 'titleZh', 'sort'],
    fieldMessages: { catalogueSortInvalid: 'sort' },
  });
  const save = useMutation({
    mutationFn: (body: CatalogueLevelGroupBody) =>
      group
        ? catalogueApi.updateLevelGroup(group.id, body)
        : catalogueApi.createLevelGroup({ subjectId, ...body }),
    onSuccess: async () => {
      feedback.onSuccess(t('saved'));
      await refreshCatalogue(client);
      onDone();
    },
    onError: feedback.onError,
  });
  const { errors } = form.formState;
  return (
    <CatalogueForm
      alert={feedback.alert}
      onSubmit={feedback.submit((values) => {
        if (!save.isPending) save.mutate(values);
      })}
    >
      <BilingualColumns
        en={
          <TextInput
            label={t('titleEn')}
            data-autofocus
            {...form.register('titleEn')}
            error={fieldError(errors.titleEn)}
          />
        }
        zh={
          <TextInput
            label={t('titleZh')}
            {...form.register('titleZh')}
            error={fieldError(errors.titleZh)}
          />
        }
      />
      <NumberField
        control={form.control}
        name="sort"
        label={t('sort')}
        description={t('sortHint')}
        min={0}
        w={200}
      />
      <DialogActions onCancel={onDone} pending={save.isPending} gap="sm">
        {common('save')}
      </DialogActions>
    </CatalogueForm>
  );
}
