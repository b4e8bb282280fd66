import {
  Alert,
  Button,
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
import { PublicLayout } from '../../../components/layout/public-layout';
import { useDocumentTitle } from '../../../components/use-document-title';
import { currentLanguage } from '../../../lib/i18n';
import { agreementQueryOptions } from '../api/get-agreement';

/** /service (3), /police (2) and /contract (4): the agreement as sanitised HTML from the server. */
export function AgreementPage({ type }: { type: AgreementType }) {
  const { t, i18n } = useTranslation('agreements');
  const language = currentLanguage();
  const query = useQuery(agreementQueryOptions(type, language));
  useDocumentTitle(query.data?.title ?? t(`type${type}`));

  return (
    <PublicLayout>
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
              <Text size="sm" c="dimmed" mb="lg">
                {t('updatedAt', {
                  date: new Date(query.data.updated_at).toLocaleDateString(
                    i18n.language === 'zh_CN' ? 'zh-CN' : 'en',
                  ),
                })}
              </Text>
              {/* Sanitised by the server (sanitize-html allow-list); no scripts or handlers remain. */}
              <div className="rich-text" dangerouslySetInnerHTML={{ __html: query.data.content }} />
            </>
          )}
        </Paper>
      </Container>
    </PublicLayout>
  );
}

export const PrivacyPolicyPage = () => <AgreementPage type={2} />;
export const ServiceAgreementPage = () => <AgreementPage type={3} />;
export const ContractPage = () => <AgreementPage type={4} />;
