import { Stack } from '@mantine/core';
import { FormAlert } from '@portal/web-kit/forms';
import type { FormEventHandler, ReactNode } from 'react';

/**
 * A timetable dialog's form: the feedback alert first (a refusal of the server, e.g. a
 * conflict, is shown there in the member's language), then the fields and the actions.
 */
export function ActionForm({
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
