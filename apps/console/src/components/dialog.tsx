import {
  Button,
  Group,
  Modal,
  type ButtonProps,
  type MantineSpacing,
  type ModalProps,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A console dialog: a modal whose close button is named in the interface language. */
export function Dialog({
  opened,
  onClose,
  title,
  size,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Mantine's modal width (`md` by default); wider for tables and side-by-side languages. */
  size?: ModalProps['size'];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {children}
    </Modal>
  );
}

/**
 * A dialog form's last row, at the end: Cancel (calls `onCancel`) and the submit button labelled
 * `children`, loading while `pending`; `submitProps` style it further (a colour, disabled).
 */
export function DialogActions({
  onCancel,
  pending,
  gap,
  submitProps,
  children,
}: {
  onCancel: () => void;
  pending: boolean;
  gap?: MantineSpacing;
  submitProps?: ButtonProps;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap={gap}>
      <Button variant="default" onClick={onCancel}>
        {t('cancel')}
      </Button>
      <Button type="submit" loading={pending} {...submitProps}>
        {children}
      </Button>
    </Group>
  );
}
