import { Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { FormAlert } from '@portal/web-kit/forms';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A catalogue dialog: wider than the console's usual one (components/dialog.tsx), since its forms
 * hold both languages side by side. The close button is named in the interface language.
 */
export function CatalogueDialog({
  opened,
  onClose,
  title,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="xl"
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {children}
    </Modal>
  );
}

/** A dialog's form: the feedback alert first (the form is described by it while it shows). */
export function CatalogueForm({
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
export function BilingualColumns({ en, zh }: { en: ReactNode; zh: ReactNode }) {
  const { t } = useTranslation('catalogue');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
      <Stack gap="sm" lang="en">
        <Text fw={600} size="sm" c="gray.8">
          {t('english')}
        </Text>
        {en}
      </Stack>
      <Stack gap="sm" lang="zh-CN">
        <Text fw={600} size="sm" c="gray.8">
          {t('chinese')}
        </Text>
        {zh}
      </Stack>
    </SimpleGrid>
  );
}
