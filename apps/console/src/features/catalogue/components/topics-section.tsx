import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CatalogueTopicBodySchema,
  type CatalogueTopic,
  type CatalogueTopicBody,
  type CatalogueTree,
} from '@portal/shared/staff';
import { fieldError, useFormFeedback } from '@portal/web-kit/forms';
import { ListState } from '@portal/web-kit/list-state';
import { notify } from '@portal/web-kit/notify';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../components/dialog';
import { currentLanguage } from '../../../lib/i18n';
import { catalogueApi, refreshCatalogue, topicsQuery } from '../api';
import { idOf, localTitle, titleOptions } from '../utils/local';
import { BilingualColumns, CatalogueDialog, CatalogueForm } from './catalogue-dialog';
import { EditButton, SectionBar, TABLE_LOOK } from './section-parts';
import { SubjectFilter } from './subject-filter';

/** A level's topics in lesson order: add, rename, move up or down. */
export function TopicsSection({
  tree,
  subjectId,
  levelId,
  onSubject,
  onLevel,
}: {
  tree: CatalogueTree;
  subjectId: number | undefined;
  levelId: number | undefined;
  onSubject: (id: number | undefined) => void;
  onLevel: (id: number | undefined) => void;
}) {
  const { t } = useTranslation('catalogue');
  const levels = tree.levels.filter((level) => level.subjectId === subjectId);
  const level = levels.find((candidate) => candidate.id === levelId);
  return (
    <Stack gap="md">
      <Text size="sm" c="gray.7">
        {t('topics.intro')}
      </Text>
      <SectionBar
        filters={
          <>
            <SubjectFilter tree={tree} value={subjectId} onChange={onSubject} required />
            <Select
              label={t('topics.level')}
              placeholder={t('topics.chooseLevel')}
              data={titleOptions(levels, currentLanguage())}
              value={level ? String(level.id) : null}
              onChange={(value) => onLevel(idOf(value) ?? undefined)}
              allowDeselect={false}
              w={220}
            />
          </>
        }
      />
      {level ? (
        <LevelTopics levelId={level.id} />
      ) : (
        <Text size="sm" c="gray.7">
          {t('topics.pickLevel')}
        </Text>
      )}
    </Stack>
  );
}

function LevelTopics({ levelId }: { levelId: number }) {
  const { t } = useTranslation('catalogue');
  const language = currentLanguage();
  const client = useQueryClient();
  const topics = useQuery(topicsQuery(levelId));
  const [editing, setEditing] = useState<CatalogueTopic | 'new' | null>(null);
  const reorder = useMutation({
    mutationFn: (ids: number[]) => catalogueApi.reorderTopics(levelId, ids),
    onSuccess: async (answer) => {
      client.setQueryData(topicsQuery(levelId).queryKey, answer);
      notify('green', t('topics.moved'));
      await refreshCatalogue(client);
    },
  });
  /** Swaps a topic with its neighbour (`by` −1 up, +1 down) and saves the whole order. */
  const move = (items: CatalogueTopic[], index: number, by: -1 | 1) => {
    const ids = items.map((topic) => topic.id);
    const other = index + by;
    [ids[index], ids[other]] = [ids[other]!, ids[index]!];
    reorder.mutate(ids);
  };
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button onClick={() => setEditing('new')}>{t('topics.add')}</Button>
      </Group>
      <ListState query={topics}>
        {({ items }) => (
          <DataTable<CatalogueTopic>
            {...TABLE_LOOK}
            noRecordsText={t('topics.empty')}
            minHeight={items.length ? undefined : 160}
            fetching={reorder.isPending}
            records={items}
            columns={[
              { accessor: 'position', title: t('topics.position'), width: 70 },
              { accessor: 'titleEn', title: t('titleEn') },
              { accessor: 'titleZh', title: t('titleZh') },
              {
                accessor: 'actions',
                title: t('actions'),
                textAlign: 'right',
                render: (topic) => {
                  const index = items.indexOf(topic);
                  const name = localTitle(topic, language);
                  return (
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={t('topics.moveUp', { name })}
                        disabled={index === 0 || reorder.isPending}
                        onClick={() => move(items, index, -1)}
                      >
                        <span aria-hidden="true">↑</span>
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={t('topics.moveDown', { name })}
                        disabled={index === items.length - 1 || reorder.isPending}
                        onClick={() => move(items, index, 1)}
                      >
                        <span aria-hidden="true">↓</span>
                      </ActionIcon>
                      <EditButton
                        label={t('editNamed', { name })}
                        onClick={() => setEditing(topic)}
                      />
                    </Group>
                  );
                },
              },
            ]}
          />
        )}
      </ListState>
      <CatalogueDialog
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing === 'new' || editing === null
            ? t('topics.addTitle')
            : t('topics.editTitle', { position: editing.position })
        }
      >
        {editing !== null && (
          <TopicForm
            key={editing === 'new' ? 'new' : editing.id}
            levelId={levelId}
            topic={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        )}
      </CatalogueDialog>
    </Stack>
  );
}

function TopicForm({
  levelId,
  topic,
  onDone,
}: {
  levelId: number;
  topic: CatalogueTopic | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('catalogue');
  const { t: common } = useTranslation();
  const client = useQueryClient();
  const form = useForm<CatalogueTopicBody>({
    resolver: zodResolver(CatalogueTopicBodySchema),
    defaultValues: { titleEn: topic?.titleEn ?? '', titleZh: topic?.titleZh ?? '' },
  });
  const feedback = useFormFeedback(form, { order: ['titleEn', 'titleZh'] });
  const save = useMutation({
    mutationFn: (body: CatalogueTopicBody) =>
      topic ? catalogueApi.updateTopic(topic.id, body) : catalogueApi.createTopic(levelId, body),
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
      <DialogActions onCancel={onDone} pending={save.isPending} gap="sm">
        {common('save')}
      </DialogActions>
    </CatalogueForm>
  );
}
