import { Button, Group, Image, Radio, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CatalogueSubjectBodySchema,
  type CatalogueSubject,
  type CatalogueSubjectBody,
  type CatalogueSubjectBodyInput,
  type CatalogueTree,
} from '@portal/shared/staff';
import { fieldError, useFormFeedback } from '@portal/web-kit/forms';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../components/dialog';
import { currentLanguage } from '../../../lib/i18n';
import { catalogueApi, refreshCatalogue } from '../api';
import { localTitle } from '../utils/local';
import { BilingualColumns, CatalogueDialog, CatalogueForm } from './catalogue-dialog';
import { NumberField } from './number-field';
import { EditButton, SectionBar, TABLE_LOOK } from './section-parts';

/** The subjects, their pictures and order; add and edit in a dialog. */
export function SubjectsSection({ tree }: { tree: CatalogueTree }) {
  const { t } = useTranslation('catalogue');
  const language = currentLanguage();
  const [editing, setEditing] = useState<CatalogueSubject | 'new' | null>(null);
  return (
    <Stack gap="md">
      <SectionBar>
        <Button onClick={() => setEditing('new')}>{t('subjects.add')}</Button>
      </SectionBar>
      <DataTable<CatalogueSubject>
        {...TABLE_LOOK}
        noRecordsText={t('subjects.empty')}
        minHeight={tree.subjects.length ? undefined : 160}
        records={tree.subjects}
        columns={[
          {
            accessor: 'img',
            title: t('subjects.image'),
            width: 72,
            render: (subject) => <Image src={subject.img} alt="" w={36} h={36} fit="contain" />,
          },
          { accessor: 'titleEn', title: t('titleEn') },
          { accessor: 'titleZh', title: t('titleZh') },
          { accessor: 'sort', title: t('sort'), width: 90 },
          {
            accessor: 'actions',
            title: t('actions'),
            textAlign: 'right',
            render: (subject) => (
              <EditButton
                label={t('editNamed', { name: localTitle(subject, language) })}
                onClick={() => setEditing(subject)}
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
            ? t('subjects.addTitle')
            : t('subjects.editTitle', { name: localTitle(editing, language) })
        }
      >
        {editing !== null && (
          <SubjectForm
            key={editing === 'new' ? 'new' : editing.id}
            subject={editing === 'new' ? null : editing}
            images={tree.subjectImages}
            nextSort={tree.subjects.length}
            onDone={() => setEditing(null)}
          />
        )}
      </CatalogueDialog>
    </Stack>
  );
}

function SubjectForm({
  subject,
  images,
  nextSort,
  onDone,
}: {
  subject: CatalogueSubject | null;
  images: string[];
  nextSort: number;
  onDone: () => void;
}) {
  const { t } = useTranslation('catalogue');
  const { t: common } = useTranslation();
  const client = useQueryClient();
  const form = useForm<CatalogueSubjectBodyInput, unknown, CatalogueSubjectBody>({
    resolver: zodResolver(CatalogueSubjectBodySchema),
    defaultValues: subject
      ? {
          titleEn: subject.titleEn,
          titleZh: subject.titleZh,
          descriptionEn: subject.descriptionEn,
          descriptionZh: subject.descriptionZh,
          // A picture from before the fixed set must be chosen again.
          img: (images.includes(subject.img)
            ? subject.img
            : undefined) as CatalogueSubjectBody['img'],
          sort: subject.sort,
        }
      : {
          titleEn: '',
          titleZh: '',
          descriptionEn: '',
          descriptionZh: '',
          img: images[0] as CatalogueSubjectBody['img'],
          sort: nextSort,
        },
  });
  const feedback = useFormFeedback(form, {
    order: ['titleEn', 'descriptionEn', 'titleZh', 'descriptionZh', 'img', 'sort'],
    fieldMessages: { catalogueImageInvalid: 'img', catalogueSortInvalid: 'sort' },
  });
  const save = useMutation({
    mutationFn: (body: CatalogueSubjectBody) =>
      subject ? catalogueApi.updateSubject(subject.id, body) : catalogueApi.createSubject(body),
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
        name="img"
        render={({ field, fieldState }) => (
          <Radio.Group
            label={t('subjects.image')}
            value={field.value ?? null}
            onChange={field.onChange}
            error={fieldError(fieldState.error)}
          >
            <SimpleGrid cols={4} spacing="sm" mt={4}>
              {images.map((src, index) => (
                <Radio.Card
                  key={src}
                  value={src}
                  radius="md"
                  p="xs"
                  aria-label={t('subjects.imageAlt', { n: index + 1 })}
                >
                  <Group justify="center">
                    <Image src={src} alt="" w={48} h={48} fit="contain" />
                  </Group>
                </Radio.Card>
              ))}
            </SimpleGrid>
          </Radio.Group>
        )}
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
