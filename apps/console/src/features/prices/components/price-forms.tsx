import {
  Checkbox,
  ColorInput,
  Divider,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  PriceGoodBodySchema,
  PricePackageBodySchema,
  PricePlanBodySchema,
  type PriceGood,
  type PriceGoodBody,
  type PricePackage,
  type PricePackageBody,
  type PricePlan,
  type PricePlanBody,
  type PricePlanBodyInput,
} from '@portal/shared/staff';
import { fieldError, FormAlert, useFormFeedback } from '@portal/web-kit/forms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEventHandler, ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../components/dialog';
import { pricesApi, refreshPrices } from '../api';
import { CurrencyField, OfferTimeField, PriceField, WholeNumberField } from './fields';
import { PricePreview } from './price-preview';

/** A dialog's form: the feedback alert first (the form is described by it while it shows). */
function PriceForm({
  alert,
  onSubmit,
  children,
}: {
  alert: { id: string; message: string | null };
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <form noValidate aria-describedby={alert.message ? alert.id : undefined} onSubmit={onSubmit}>
      <Stack gap="md">
        <FormAlert {...alert} />
        {children}
      </Stack>
    </form>
  );
}

/** Two columns, English | 中文, each headed by its language's own name. */
function BilingualColumns({ en, zh }: { en: ReactNode; zh: ReactNode }) {
  const { t } = useTranslation('prices');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
      <Stack gap="sm" lang="en">
        <Text fw={600} size="sm" c="gray.8">
          {t('form.english')}
        </Text>
        {en}
      </Stack>
      <Stack gap="sm" lang="zh-CN">
        <Text fw={600} size="sm" c="gray.8">
          {t('form.chinese')}
        </Text>
        {zh}
      </Stack>
    </SimpleGrid>
  );
}

/** The live preview under a form, as parents will see the item once saved. */
function PreviewSection({ children }: { children: ReactNode }) {
  const { t } = useTranslation('prices');
  return (
    <Stack gap="xs">
      <Divider label={t('form.showPreview')} labelPosition="left" />
      {children}
    </Stack>
  );
}

const FIELD_MESSAGES = {
  priceAmountInvalid: 'priceMinor',
  priceCurrencyInvalid: 'currency',
  priceSortInvalid: 'sort',
} as const;

const PLAN_FIELD_MESSAGES = {
  ...FIELD_MESSAGES,
  priceOfferEndBeforeStart: 'offerEndsAt',
  priceOfferEndRequired: 'offerEndsAt',
} as const;

function useSave<B>(
  save: (body: B) => Promise<unknown>,
  onDone: () => void,
  feedback: {
    onSuccess: (message: string) => void;
    onError: (error: unknown) => void;
  },
) {
  const { t } = useTranslation('prices');
  const client = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: async () => {
      feedback.onSuccess(t('saved'));
      await refreshPrices(client);
      onDone();
    },
    onError: feedback.onError,
  });
}

// ---------------------------------------------------------------------------------------------

export function PackageForm({
  item,
  nextSort,
  onDone,
}: {
  item: PricePackage | null;
  nextSort: number;
  onDone: () => void;
}) {
  const { t } = useTranslation('prices');
  const { t: common } = useTranslation();
  const form = useForm<PricePackageBody>({
    resolver: zodResolver(PricePackageBodySchema),
    defaultValues: item
      ? {
          titleEn: item.titleEn,
          titleZh: item.titleZh,
          quantity: item.quantity,
          extraQuantity: item.extraQuantity,
          priceMinor: item.priceMinor,
          currency: item.currency,
          sort: item.sort,
        }
      : { titleEn: '', titleZh: '', extraQuantity: 0, currency: 'USD', sort: nextSort },
  });
  const feedback = useFormFeedback(form, {
    order: ['titleEn', 'titleZh', 'quantity', 'extraQuantity', 'priceMinor', 'currency', 'sort'],
    fieldMessages: FIELD_MESSAGES,
  });
  const save = useSave(
    (body: PricePackageBody) => pricesApi.savePackage(item?.id ?? null, body),
    onDone,
    feedback,
  );
  const values = useWatch({ control: form.control });
  const { errors } = form.formState;
  return (
    <PriceForm
      alert={feedback.alert}
      onSubmit={feedback.submit((body) => {
        if (!save.isPending) save.mutate(body);
      })}
    >
      <BilingualColumns
        en={
          <TextInput
            label={t('form.titleEn')}
            data-autofocus
            {...form.register('titleEn')}
            error={fieldError(errors.titleEn)}
          />
        }
        zh={
          <TextInput
            label={t('form.titleZh')}
            {...form.register('titleZh')}
            error={fieldError(errors.titleZh)}
          />
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <WholeNumberField
          control={form.control}
          name="quantity"
          label={t('form.quantity')}
          min={1}
        />
        <WholeNumberField
          control={form.control}
          name="extraQuantity"
          label={t('form.extraQuantity')}
          min={0}
        />
        <WholeNumberField
          control={form.control}
          name="sort"
          label={t('form.sort')}
          description={t('form.sortHint')}
          min={0}
        />
        <PriceField
          control={form.control}
          name="priceMinor"
          currencyName="currency"
          label={t('form.price')}
        />
        <CurrencyField control={form.control} name="currency" />
      </SimpleGrid>
      <PreviewSection>
        <PricePreview
          preview={{
            kind: 'package',
            item: {
              titleEn: values.titleEn ?? '',
              titleZh: values.titleZh ?? '',
              quantity: values.quantity ?? 0,
              extraQuantity: values.extraQuantity ?? 0,
              priceMinor: values.priceMinor ?? 0,
              currency: values.currency ?? '',
              sort: values.sort ?? 0,
            },
          }}
        />
      </PreviewSection>
      <DialogActions onCancel={onDone} pending={save.isPending} gap="sm">
        {common('save')}
      </DialogActions>
    </PriceForm>
  );
}

// ---------------------------------------------------------------------------------------------

/** A monthly plan or a time-limited offer (`isOffer`): both languages side by side. */
export function PlanForm({
  item,
  isOffer,
  nextSort,
  regularPriceOf,
  onDone,
}: {
  item: PricePlan | null;
  isOffer: boolean;
  nextSort: number;
  /** The regular plan's price for as many kids in the currency (the offer's struck price). */
  regularPriceOf: (kids: number, currency: string) => number | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('prices');
  const { t: common } = useTranslation();
  const form = useForm<PricePlanBodyInput, unknown, PricePlanBody>({
    resolver: zodResolver(PricePlanBodySchema),
    defaultValues: item
      ? {
          titleEn: item.titleEn,
          titleZh: item.titleZh,
          remarksEn: item.remarksEn,
          remarksZh: item.remarksZh,
          descriptionEn: item.descriptionEn,
          descriptionZh: item.descriptionZh,
          detailsEn: item.detailsEn,
          detailsZh: item.detailsZh,
          tagsEn: item.tagsEn,
          tagsZh: item.tagsZh,
          color: item.color,
          showsIcon: item.showsIcon,
          kids: item.kids,
          priceMinor: item.priceMinor,
          currency: item.currency,
          discount: item.discount,
          sort: item.sort,
          isOffer: item.isOffer,
          offerStartsAt: item.offerStartsAt,
          offerEndsAt: item.offerEndsAt,
        }
      : {
          titleEn: '',
          titleZh: '',
          remarksEn: '',
          remarksZh: '',
          descriptionEn: '',
          descriptionZh: '',
          detailsEn: '',
          detailsZh: '',
          tagsEn: '',
          tagsZh: '',
          color: isOffer ? '#7048e8' : '#c2410c',
          showsIcon: false,
          kids: 1,
          currency: 'USD',
          discount: 0,
          sort: nextSort,
          isOffer,
          offerStartsAt: null,
          offerEndsAt: null,
        },
  });
  const feedback = useFormFeedback(form, {
    order: [
      'titleEn',
      'titleZh',
      'remarksEn',
      'remarksZh',
      'descriptionEn',
      'descriptionZh',
      'detailsEn',
      'detailsZh',
      'tagsEn',
      'tagsZh',
      'kids',
      'priceMinor',
      'currency',
      'discount',
      'color',
      'sort',
      'offerStartsAt',
      'offerEndsAt',
    ],
    fieldMessages: PLAN_FIELD_MESSAGES,
  });
  const save = useSave(
    (body: PricePlanBody) => pricesApi.savePlan(item?.id ?? null, body),
    onDone,
    feedback,
  );
  const values = useWatch({ control: form.control });
  const { errors } = form.formState;
  const text = (name: 'remarks' | 'description' | 'details' | 'tags', language: 'En' | 'Zh') => {
    const field = `${name}${language}` as const;
    return (
      <Textarea
        label={t(`form.${field}`)}
        rows={name === 'details' ? 3 : 2}
        resize="vertical"
        {...form.register(field)}
        error={fieldError(errors[field])}
      />
    );
  };
  return (
    <PriceForm
      alert={feedback.alert}
      onSubmit={feedback.submit((body) => {
        if (!save.isPending) save.mutate(PricePlanBodySchema.parse(body));
      })}
    >
      <BilingualColumns
        en={
          <>
            <TextInput
              label={t('form.titleEn')}
              data-autofocus
              {...form.register('titleEn')}
              error={fieldError(errors.titleEn)}
            />
            {text('remarks', 'En')}
            {text('description', 'En')}
            {text('details', 'En')}
            {text('tags', 'En')}
          </>
        }
        zh={
          <>
            <TextInput
              label={t('form.titleZh')}
              {...form.register('titleZh')}
              error={fieldError(errors.titleZh)}
            />
            {text('remarks', 'Zh')}
            {text('description', 'Zh')}
            {text('details', 'Zh')}
            {text('tags', 'Zh')}
          </>
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <WholeNumberField control={form.control} name="kids" label={t('form.kids')} min={1} />
        <PriceField
          control={form.control}
          name="priceMinor"
          currencyName="currency"
          label={t('form.pricePerMonth')}
        />
        <CurrencyField control={form.control} name="currency" />
        <WholeNumberField
          control={form.control}
          name="discount"
          label={t('form.discount')}
          min={0}
          max={99}
        />
        <Controller
          control={form.control}
          name="color"
          render={({ field, fieldState }) => (
            <ColorInput
              label={t('form.color')}
              format="hex"
              ref={field.ref}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldError(fieldState.error)}
            />
          )}
        />
        <WholeNumberField
          control={form.control}
          name="sort"
          label={t('form.sort')}
          description={t('form.sortHint')}
          min={0}
        />
      </SimpleGrid>
      {isOffer && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <OfferTimeField
            control={form.control}
            name="offerStartsAt"
            label={t('form.offerStartsAt')}
            description={t('form.offerStartsHint')}
          />
          <OfferTimeField
            control={form.control}
            name="offerEndsAt"
            label={t('form.offerEndsAt')}
            description={t('form.offerEndsHint')}
          />
        </SimpleGrid>
      )}
      <Group>
        <Checkbox label={t('form.showsIcon')} {...form.register('showsIcon')} />
      </Group>
      <PreviewSection>
        <PricePreview
          preview={{
            kind: 'plan',
            item: {
              titleEn: values.titleEn ?? '',
              titleZh: values.titleZh ?? '',
              descriptionEn: values.descriptionEn ?? '',
              descriptionZh: values.descriptionZh ?? '',
              detailsEn: values.detailsEn ?? '',
              detailsZh: values.detailsZh ?? '',
              tagsEn: values.tagsEn ?? '',
              tagsZh: values.tagsZh ?? '',
              priceMinor: values.priceMinor ?? 0,
              currency: values.currency ?? '',
              color: values.color ?? '#7048e8',
              isOffer,
            },
            regularPriceMinor: isOffer
              ? regularPriceOf(values.kids ?? 0, values.currency ?? '')
              : null,
          }}
        />
      </PreviewSection>
      <DialogActions onCancel={onDone} pending={save.isPending} gap="sm">
        {common('save')}
      </DialogActions>
    </PriceForm>
  );
}

// ---------------------------------------------------------------------------------------------

/** Credits sold with the time-limited offer. */
export function GoodForm({
  item,
  nextSort,
  onDone,
}: {
  item: PriceGood | null;
  nextSort: number;
  onDone: () => void;
}) {
  const { t } = useTranslation('prices');
  const { t: common } = useTranslation();
  const form = useForm<PriceGoodBody>({
    resolver: zodResolver(PriceGoodBodySchema),
    defaultValues: item
      ? {
          quantity: item.quantity,
          descriptionEn: item.descriptionEn,
          descriptionZh: item.descriptionZh,
          priceMinor: item.priceMinor,
          currency: item.currency,
          sort: item.sort,
        }
      : { descriptionEn: '', descriptionZh: '', currency: 'USD', sort: nextSort },
  });
  const feedback = useFormFeedback(form, {
    order: ['descriptionEn', 'descriptionZh', 'quantity', 'priceMinor', 'currency', 'sort'],
    fieldMessages: FIELD_MESSAGES,
  });
  const save = useSave(
    (body: PriceGoodBody) => pricesApi.saveGood(item?.id ?? null, body),
    onDone,
    feedback,
  );
  const values = useWatch({ control: form.control });
  const { errors } = form.formState;
  return (
    <PriceForm
      alert={feedback.alert}
      onSubmit={feedback.submit((body) => {
        if (!save.isPending) save.mutate(body);
      })}
    >
      <BilingualColumns
        en={
          <TextInput
            label={t('form.descriptionEn')}
            data-autofocus
            {...form.register('descriptionEn')}
            error={fieldError(errors.descriptionEn)}
          />
        }
        zh={
          <TextInput
            label={t('form.descriptionZh')}
            {...form.register('descriptionZh')}
            error={fieldError(errors.descriptionZh)}
          />
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <WholeNumberField
          control={form.control}
          name="quantity"
          label={t('form.quantity')}
          min={1}
        />
        <WholeNumberField
          control={form.control}
          name="sort"
          label={t('form.sort')}
          description={t('form.sortHint')}
          min={0}
        />
        <PriceField
          control={form.control}
          name="priceMinor"
          currencyName="currency"
          label={t('form.price')}
        />
        <CurrencyField control={form.control} name="currency" />
      </SimpleGrid>
      <PreviewSection>
        <PricePreview
          preview={{
            kind: 'good',
            item: {
              quantity: values.quantity ?? 0,
              descriptionEn: values.descriptionEn ?? '',
              descriptionZh: values.descriptionZh ?? '',
              priceMinor: values.priceMinor ?? 0,
              currency: values.currency ?? '',
              sort: values.sort ?? 0,
            },
          }}
        />
      </PreviewSection>
      <DialogActions onCancel={onDone} pending={save.isPending} gap="sm">
        {common('save')}
      </DialogActions>
    </PriceForm>
  );
}
