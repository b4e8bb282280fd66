import {
  Alert,
  Anchor,
  Button,
  Divider,
  Container,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AgreementType } from '@portal/shared/agreements';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@portal/web-kit/page';
import { currentLanguage } from '../../../lib/i18n';
import { siteSettingsQueryOptions } from '../../../api/site';
import { formatDate } from '@portal/web-kit/time';
import { agreementQueryOptions } from '../api/get-agreement';

/** /service (3), /police (2) and /contract (4): the agreement as sanitised HTML from the server. */
export function AgreementPage({ type }: { type: AgreementType }) {
  const { t } = useTranslation('agreements');
  const language = currentLanguage();
  const query = useQuery(agreementQueryOptions(type, language));
  const site = useQuery(siteSettingsQueryOptions(language)).data;
  useDocumentTitle(query.data?.title ?? t(`type${type}`));

  return (
    <Container size="md" py="xl">
      <Paper component="article" p={{ base: 'md', sm: 'xl' }} radius="md" withBorder>
        {query.isPending && (
          <Stack role="status" aria-busy="true">
            <VisuallyHidden>{t('loading', { ns: 'common' })}</VisuallyHidden>
            <Skeleton height={32} width="50%" />
            <Skeleton height={14} />
            <Skeleton height={14} />
            <Skeleton height={14} width="80%" />
          </Stack>
        )}
        {query.isError && (
          <Alert color="red" title={t('loadFailed')}>
            <Stack align="flex-start" gap="sm">
              <Text size="sm">{t('loadFailedText')}</Text>
              <Button size="xs" variant="light" onClick={() => void query.refetch()}>
                {t('retry', { ns: 'common' })}
              </Button>
            </Stack>
          </Alert>
        )}
        {query.data && (
          <>
            <Title order={1} mb="xs">
              {query.data.title}
            </Title>
            <Text size="sm" c="dimmed" mb={site?.company_name ? 0 : 'lg'}>
              {t('updatedAt', { date: formatDate(query.data.updated_at, 'date', language) })}
            </Text>
            {site?.company_name && (
              <Text size="sm" c="dimmed" mb="lg">
                {t('operator', { company: site.company_name })}
              </Text>
            )}
            {/* Sanitised by the server (sanitize-html allow-list); no scripts or handlers remain. */}
            <div className="rich-text" dangerouslySetInnerHTML={{ __html: query.data.content }} />
            {(site?.support_email || site?.support_phone) && (
              <>
                <Divider my="lg" />
                <Title order={2} size="h5" mb="xs">
                  {t('contactTitle')}
                </Title>
                <Stack gap={4}>
                  {site.company_name && <Text size="sm">{site.company_name}</Text>}
                  {site.support_email && (
                    <Text size="sm">
                      {t('contactEmail')}:{' '}
                      <Anchor href={`mailto:${site.support_email}`}>{site.support_email}</Anchor>
                    </Text>
                  )}
                  {site.support_phone && (
                    <Text size="sm">
                      {t('contactPhone')}:{' '}
                      <Anchor href={`tel:${site.support_phone.replace(/[^\d+]/g, '')}`}>
                        {site.support_phone}
                      </Anchor>
                    </Text>
                  )}
                </Stack>
              </>
            )}
          </>
        )}
      </Paper>
    </Container>
  );
}

export const PrivacyPolicyPage = () => <AgreementPage type={2} />;
export const ServiceAgreementPage = () => <AgreementPage type={3} />;
export const ContractPage = () => <AgreementPage type={4} />;
