import { Skeleton, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SalespersonSchema } from '@portal/shared/auth';
import { useTranslation } from 'react-i18next';
import { AdviserCard } from '../../../components/adviser-card';

/**
 * The adviser card of an invite code, while it loads, or why it could not be loaded. Written out,
 * not through the kit's `ListState`: on these public pages that would load the signed-in
 * screens' shared chunk (`account`, decision 028) and its stylesheet, +3.5 KB gzip.
 */
export function AdviserInvite({
  adviser,
}: {
  adviser: UseQueryResult<z.infer<typeof SalespersonSchema>>;
}) {
  const { t } = useTranslation('registration');
  if (adviser.isPending) return <Skeleton height={120} />;
  if (adviser.isError)
    return (
      <Text c="red.8" role="alert">
        {t('adviserFailed')}
      </Text>
    );
  return <AdviserCard adviser={adviser.data} />;
}
