import { Alert, Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNetworkFailureText } from '@portal/web-kit/list-state';
import { ApiError } from '../../../lib/api-client';

/** The server answered that the thing asked for is not there (or not the parent's). */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.httpStatus === 404;

/**
 * A load that failed (decision 034): says so, shows no figure in place of the missing data and
 * always offers to try again, with an optional way elsewhere. A failure of the network says
 * that instead (offline, or the server out of reach: decision 051).
 */
export function LoadError({
  onRetry,
  retrying = false,
  text,
  action,
  error,
}: {
  onRetry: () => void;
  retrying?: boolean;
  text?: string;
  action?: ReactNode;
  /** What the load failed with (loadFailure): a 404 is titled "not available", not "could not load". */
  error: unknown;
}) {
  const { t } = useTranslation('billing');
  const network = useNetworkFailureText(error);
  return (
    <Alert
      color="red"
      role="alert"
      title={network?.title ?? (isNotFound(error) ? t('notAvailableTitle') : t('loadFailedTitle'))}
    >
      <Text size="sm" mb="sm">
        {network?.text ?? text ?? t('loadFailed')}
      </Text>
      <Group gap="sm">
        <Button size="xs" variant="default" loading={retrying} onClick={onRetry}>
          {t('retry', { ns: 'common' })}
        </Button>
        {action}
      </Group>
    </Alert>
  );
}

/**
 * A screen opened without what it needs (no order, no session, no plan chosen): what is
 * missing and where to go instead, never an endless skeleton.
 */
export function NothingToShow({
  title,
  text,
  to,
  label,
}: {
  title: string;
  text: string;
  to: string;
  label: string;
}) {
  return (
    <Alert color="gray" title={title} role="status">
      <Text size="sm" mb="sm">
        {text}
      </Text>
      <Button component={Link} to={to} size="xs">
        {label}
      </Button>
    </Alert>
  );
}
