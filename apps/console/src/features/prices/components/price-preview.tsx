import {
  Badge,
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { PriceGood, PricePackage, PricePlan } from '@portal/shared/staff';
import { useTranslation } from 'react-i18next';
import { texts } from '../texts';
import { formatMoney } from '../utils/money';

/**
 * An item as the parents' screens show it (apps/web's billing cards), in one language. Its buttons
 * are pictures of the parents' buttons (`div`s): there is nothing to press in a preview.
 */
export type PreviewItem =
  | { kind: 'package'; item: Omit<PricePackage, 'id' | 'isActive' | 'providerPriceId'> }
  | { kind: 'good'; item: Omit<PriceGood, 'id' | 'isActive' | 'providerPriceId'> }
  | {
      kind: 'plan';
      item: Pick<
        PricePlan,
        | 'titleEn'
        | 'titleZh'
        | 'descriptionEn'
        | 'descriptionZh'
        | 'detailsEn'
        | 'detailsZh'
        | 'tagsEn'
        | 'tagsZh'
        | 'priceMinor'
        | 'currency'
        | 'color'
        | 'isOffer'
      >;
      /** An offer: the regular plan's price for as many kids, struck through (decision 034). */
      regularPriceMinor: number | null;
    };

type Language = 'en' | 'zh';
type PreviewTexts = Record<keyof (typeof texts.en)['card'], string>;

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** `{{name}}` placeholders of a preview text filled in. */
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_match, key: string) => String(values[key] ?? ''));

function PreviewCard({ preview, language }: { preview: PreviewItem; language: Language }) {
  const words: PreviewTexts = language === 'en' ? texts.en.card : texts.zh_CN.card;
  const pick = (en: string, zh: string) => (language === 'en' ? en : zh);
  if (preview.kind === 'package' || preview.kind === 'good') {
    const { item } = preview;
    const extra = preview.kind === 'package' ? preview.item.extraQuantity : 0;
    const description =
      preview.kind === 'package'
        ? pick(preview.item.titleEn, preview.item.titleZh)
        : pick(preview.item.descriptionEn, preview.item.descriptionZh);
    return (
      <Card withBorder radius="md" padding="lg">
        <Stack gap={4}>
          <Text fw={700}>{fill(words.credits, { count: item.quantity })}</Text>
          {description && (
            <Text size="sm" c="gray.7">
              {description}
            </Text>
          )}
          {extra > 0 && (
            <Badge color="green" c="dark.8" variant="light" tt="none" w="fit-content">
              {fill(words.extraCredits, { count: extra })}
            </Badge>
          )}
          <Text fz={24} fw={700}>
            {formatMoney(item.priceMinor, item.currency)}
          </Text>
          <Button component="div" variant="light" mt="sm">
            {words.buy}
          </Button>
        </Stack>
      </Card>
    );
  }
  const { item, regularPriceMinor } = preview;
  const price = formatMoney(item.priceMinor, item.currency);
  const saving =
    item.isOffer && regularPriceMinor !== null && regularPriceMinor > item.priceMinor
      ? regularPriceMinor - item.priceMinor
      : null;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      style={item.isOffer ? { borderColor: item.color, borderWidth: 2 } : undefined}
    >
      {item.isOffer && (
        <Badge color="grape" variant="filled" mb="xs" w="fit-content">
          {words.offerTitle}
        </Badge>
      )}
      <Group justify="space-between" align="flex-start">
        <Text fw={700} size="lg">
          {pick(item.titleEn, item.titleZh)}
        </Text>
        {lines(pick(item.tagsEn, item.tagsZh)).map((tag) => (
          <Badge key={tag} color="brand" c="dark.8" variant="light" tt="none">
            {tag}
          </Badge>
        ))}
      </Group>
      <Text size="sm" c="gray.7" mt={4}>
        {pick(item.descriptionEn, item.descriptionZh)}
      </Text>
      <Group gap="xs" align="baseline" mt="md">
        {saving !== null && (
          <Text td="line-through" c="gray.7">
            <VisuallyHidden>
              {fill(words.regularPrice, { price: formatMoney(regularPriceMinor!, item.currency) })}
            </VisuallyHidden>
            <span aria-hidden>{formatMoney(regularPriceMinor!, item.currency)}</span>
          </Text>
        )}
        <Text fz={28} fw={700}>
          {price}
          <Text span size="sm" c="gray.7" fw={400}>
            {' '}
            / {words.month}
          </Text>
        </Text>
        {saving !== null && (
          <Badge color="green" c="dark.8" variant="light" tt="none">
            {fill(words.saveAmount, { amount: formatMoney(saving, item.currency) })}
          </Badge>
        )}
      </Group>
      <List size="sm" spacing={4} mt="sm" mb="md">
        {lines(pick(item.detailsEn, item.detailsZh)).map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      <Button component="div" fullWidth>
        {item.isOffer ? words.buyOffer : words.choosePlan}
      </Button>
    </Card>
  );
}

/** The item as parents see it, English and Chinese side by side (each headed by its name). */
export function PricePreview({ preview }: { preview: PreviewItem }) {
  const { t } = useTranslation('prices');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" data-testid="price-preview">
      <Stack gap="xs" lang="en" role="group" aria-label={t('form.english')}>
        <Text fw={600} size="sm" c="gray.8">
          {t('form.english')}
        </Text>
        <PreviewCard preview={preview} language="en" />
      </Stack>
      <Stack gap="xs" lang="zh-CN" role="group" aria-label={t('form.chinese')}>
        <Text fw={600} size="sm" c="gray.8">
          {t('form.chinese')}
        </Text>
        <PreviewCard preview={preview} language="zh" />
      </Stack>
    </SimpleGrid>
  );
}
