import { Alert } from '@mantine/core';

/**
 * A form's message that concerns no single field (form-feedback.ts), shown at the
 * top of the form. The live region is always present, so a screen reader announces each new
 * message; the form points at it with `aria-describedby` while it shows.
 */
export function FormAlert({ id, message }: { id: string; message: string | null }) {
  return (
    <div aria-live="polite">
      {message && (
        <Alert id={id} color="yellow" variant="light" role="status">
          {message}
        </Alert>
      )}
    </div>
  );
}
