import { Stack } from '@mantine/core';
import { FormAlert } from '@portal/web-kit/forms';
import type { FormEventHandler, ReactNode } from 'react';

/**
 * The form of a family dialog: the feedback alert first (the form is described by it while it
 * shows), then the fields and the actions.
 */
export function DialogForm({
  alert,
  onSubmit,
  children,
}: {
  /** The form feedback's `alert` (web-kit/forms). */
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
