import { SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CATALOGUE_AGREEMENT_KINDS,
  CatalogueAgreementBodySchema,
  type CatalogueAgreement,
  type CatalogueAgreementBody,
  type CatalogueAgreementKind,
} from '@portal/shared/staff';
import { fieldError, useFormFeedback } from '@portal/web-kit/forms';
import { ListState } from '@portal/web-kit/list-state';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Group } from '@mantine/core';
import { formatDateTime } from '../../../lib/format';
import { agreementsQuery, catalogueApi } from '../api';
import { BilingualColumns, CatalogueForm } from './catalogue-dialog';

/** The service agreement, privacy policy and contract, each in both languages side by side. */
export function AgreementsSection() {
  const { t } = useTranslation('catalogue');
  const agreements = useQuery(agreementsQuery());
  const [kind, setKind] = useState<CatalogueAgreementKind>('service');
  return (
    <Stack gap="md">
      <Text size="sm" c="gray.7">
        {t('agreements.intro')}
      </Text>
      <SegmentedControl
        aria-label={t('agreements.document')}
        value={kind}
        onChange={(value) => setKind(value as CatalogueAgreementKind)}
        data={CATALOGUE_AGREEMENT_KINDS.map((value) => ({
          value,
          label: t(`agreements.kinds.${value}`),
        }))}
        w="fit-content"
      />
      <ListState query={agreements}>
        {({ items }) => {
          const document = items.find((item) => item.kind === kind)!;
          // A fresh form per document and per saved version.
          return <AgreementForm key={`${kind}:${document.updatedAt}`} document={document} />;
        }}
      </ListState>
    </Stack>
  );
}

function AgreementForm({ document }: { document: CatalogueAgreement }) {
  const { t } = useTranslation('catalogue');
  const { t: common } = useTranslation();
  const client = useQueryClient();
  const name = t(`agreements.kinds.${document.kind}`);
  const form = useForm<CatalogueAgreementBody>({
    resolver: zodResolver(CatalogueAgreementBodySchema),
    defaultValues: {
      titleEn: document.titleEn,
      htmlEn: document.htmlEn,
      titleZh: document.titleZh,
      htmlZh: document.htmlZh,
    },
  });
  const feedback = useFormFeedback(form, {
    order: ['titleEn', 'htmlEn', 'titleZh', 'htmlZh'],
    fieldMessages: {
      agreementHtmlEnEmptyAfterCleaning: 'htmlEn',
      agreementHtmlZhEmptyAfterCleaning: 'htmlZh',
    },
  });
  const save = useMutation({
    mutationFn: (body: CatalogueAgreementBody) => catalogueApi.updateAgreement(document.kind, body),
    onSuccess: (saved) => {
      feedback.onSuccess(t('agreements.saved', { name }));
      // The answer is the saved, sanitised text: the form shows what parents will read.
      client.setQueryData(agreementsQuery().queryKey, (list) =>
        list
          ? { items: list.items.map((item) => (item.kind === saved.kind ? saved : item)) }
          : list,
      );
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
              {...form.register('titleEn')}
              error={fieldError(errors.titleEn)}
            />
            <Textarea
              label={t('agreements.htmlEn')}
              rows={16}
              resize="vertical"
              ff="monospace"
              spellCheck={false}
              {...form.register('htmlEn')}
              error={fieldError(errors.htmlEn)}
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
              label={t('agreements.htmlZh')}
              rows={16}
              resize="vertical"
              ff="monospace"
              spellCheck={false}
              {...form.register('htmlZh')}
              error={fieldError(errors.htmlZh)}
            />
          </>
        }
      />
      <Group justify="space-between">
        <Text size="sm" c="gray.7">
          {document.updatedAt
            ? t('agreements.updatedAt', { at: formatDateTime(document.updatedAt) })
            : t('agreements.neverSaved')}
        </Text>
        <Button type="submit" loading={save.isPending}>
          {common('save')}
        </Button>
      </Group>
    </CatalogueForm>
  );
}
