import { Alert, Button, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CatalogueLevelBodySchema,
  type CatalogueLevel,
  type CatalogueLevelBody,
  type CatalogueLevelGroup,
  type CatalogueTree,
} from '@portal/shared/staff';
import { fieldError, useFormFeedback } from '@portal/web-kit/forms';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DialogActions } from '../../../components/dialog';
import { currentLanguage } from '../../../lib/i18n';
import { catalogueApi, refreshCatalogue } from '../api';
import { idOf, localTitle, titleOptions } from '../utils/local';
import { BilingualColumns, CatalogueDialog, CatalogueForm } from './catalogue-dialog';
import { NumberField } from './number-field';
import { EditButton, SectionBar, TABLE_LOOK } from './section-parts';
import { SubjectFilter } from './subject-filter';

/** A subject's levels: group, ages, descriptions, topic count; add and edit. */
export function LevelsSection({
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
  const [editing, setEditing] = useState<CatalogueLevel | 'new' | null>(null);
  const levels = tree.levels.filter((level) => level.subjectId === subjectId);
  const groups = tree.levelGroups.filter((group) => group.subjectId === subjectId);
  const groupTitle = (id: number) => {
    const group = groups.find((candidate) => candidate.id === id);
    return group ? localTitle(group, language) : '';
  };
  return (
    <Stack gap="md">
      <SectionBar
        filters={<SubjectFilter tree={tree} value={subjectId} onChange={onSubject} required />}
      >
        <Button onClick={() => setEditing('new')} disabled={groups.length === 0}>
          {t('levels.add')}
        </Button>
      </SectionBar>
      {subjectId !== undefined && groups.length === 0 && (
        <Alert color="blue" variant="light">
          {t('levels.noGroups')}
        </Alert>
      )}
      <DataTable<CatalogueLevel>
        {...TABLE_LOOK}
        noRecordsText={t('levels.empty')}
        minHeight={levels.length ? undefined : 160}
        records={levels}
        columns={[
          { accessor: 'titleEn', title: t('titleEn') },
          { accessor: 'titleZh', title: t('titleZh') },
          {
            accessor: 'levelGroupId',
            title: t('levels.group'),
            render: (level) => groupTitle(level.levelGroupId),
          },
          {
            accessor: 'ageFrom',
            title: t('levels.ages'),
            render: (level) => t('levels.agesValue', { from: level.ageFrom, to: level.ageTo }),
          },
          { accessor: 'topics', title: t('levels.topics'), width: 90 },
          { accessor: 'sort', title: t('sort'), width: 90 },
          {
            accessor: 'actions',
            title: t('actions'),
            textAlign: 'right',
            render: (level) => (
              <EditButton
                label={t('editNamed', { name: localTitle(level, language) })}
                onClick={() => setEditing(level)}
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
            ? t('levels.addTitle')
            : t('levels.editTitle', { name: localTitle(editing, language) })
        }
      >
        {editing !== null && subjectId !== undefined && (
          <LevelForm
            key={editing === 'new' ? 'new' : editing.id}
            level={editing === 'new' ? null : editing}
            subjectId={subjectId}
            groups={groups}
            nextSort={levels.length}
            onDone={() => setEditing(null)}
          />
        )}
      </CatalogueDialog>
    </Stack>
  );
}

type Values = z.input<typeof CatalogueLevelBodySchema>;

function LevelForm({
  level,
  subjectId,
  groups,
  nextSort,
  onDone,
}: {
  level: CatalogueLevel | null;
  subjectId: number;
  groups: CatalogueLevelGroup[];
  nextSort: number;
  onDone: () => void;
}) {
  const { t } = useTranslation('catalogue');
  const { t: common } = useTranslation();
  const client = useQueryClient();
  const form = useForm<Values, unknown, CatalogueLevelBody>({
    resolver: zodResolver(CatalogueLevelBodySchema),
    defaultValues: level
      ? {
          levelGroupId: level.levelGroupId,
          titleEn: level.titleEn,
          titleZh: level.titleZh,
          ageFrom: level.ageFrom,
          ageTo: level.ageTo,
          descriptionEn: level.descriptionEn,
          descriptionZh: level.descriptionZh,
          sort: level.sort,
        }
      : {
          levelGroupId: groups.length === 1 ? groups[0]!.id : undefined,
          titleEn: '',
          titleZh: '',
          ageFrom: undefined,
          ageTo: undefined,
          descriptionEn: '',
          descriptionZh: '',
          sort: nextSort,
        },
  });
  const feedback = useFormFeedback(form, {
    order: [
      'titleEn',
      'descriptionEn',
      'titleZh',
      'descriptionZh',
      'levelGroupId',
      'ageFrom',
      'ageTo',
      'sort',
    ],
    fieldMessages: {
      catalogueLevelGroupUnknown: 'levelGroupId',
      catalogueAgeRangeInvalid: 'ageTo',
      catalogueSortInvalid: 'sort',
    },
  });
  const save = useMutation({
    mutationFn: (body: CatalogueLevelBody) =>
      level
        ? catalogueApi.updateLevel(level.id, body)
        : catalogueApi.createLevel({ subjectId, ...body }),
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
          <>
            <TextInput
              label={t('titleEn')}
              data-autofocus
              {...form.register('titleEn')}
              error={fieldError(errors.titleEn)}
            />
            <Textarea
              label={t('descriptionEn')}
              rows={3}
              resize="vertical"
              {...form.register('descriptionEn')}
              error={fieldError(errors.descriptionEn)}
            />
          </>
        }
        zh={
          <>
            <TextInput
              label={t('titleZh')}
              {...form.register('titleZh')}
              error={fieldError(errors.titleZh)}
            />
            <Textarea
              label={t('descriptionZh')}
              rows={3}
              resize="vertical"
              {...form.register('descriptionZh')}
              error={fieldError(errors.descriptionZh)}
            />
          </>
        }
      />
      <Controller
        control={form.control}
        name="levelGroupId"
        render={({ field, fieldState }) => (
          <Select
            label={t('levels.group')}
            placeholder={t('levels.chooseGroup')}
            data={titleOptions(groups, currentLanguage())}
            value={field.value === undefined ? null : String(field.value)}
            onChange={(value) => field.onChange(idOf(value) ?? undefined)}
            onBlur={field.onBlur}
            allowDeselect={false}
            error={fieldError(fieldState.error)}
            w={300}
          />
        )}
      />
      <Group gap="md" align="flex-end">
        <NumberField
          control={form.control}
          name="ageFrom"
          label={t('levels.ageFrom')}
          min={0}
          w={140}
        />
        <NumberField
          control={form.control}
          name="ageTo"
          label={t('levels.ageTo')}
          min={0}
          w={140}
        />
        <NumberField
          control={form.control}
          name="sort"
          label={t('sort')}
          description={t('sortHint')}
          min={0}
          w={200}
        />
      </Group>
      <DialogActions onCancel={onDone} pending={save.isPending} gap="sm">
        {common('save')}
      </DialogActions>
    </CatalogueForm>
  );
}
