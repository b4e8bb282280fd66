import { Avatar, Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import '@mantine/core/styles/Avatar.css';
import { useMutation, useQuery } from '@tanstack/react-query';
import { MAX_CHILDREN } from '@portal/shared/children';
import { formatDate } from '@portal/web-kit/time';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { useDocumentTitle } from '@portal/web-kit/page';
import { paths } from '../../../config/paths';
import { completeOnboarding } from '../../../lib/account';
import { messageText } from '../../../lib/i18n';
import { notify } from '@portal/web-kit/notify';
import { profileQueryOptions } from '../../../api/profile';
import { storage } from '../../../lib/storage';
import { OnboardingCard } from '../../../components/onboarding-card';
import { childrenQueryOptions } from '../api/children-api';
import { ChildGrid } from './child-grid';

/**
 * `/addChild`: the onboarding child picker (spec §2); after onboarding it opens the children list. Pick a child to edit, add one under the
 * limit, and Next completes onboarding (setUserStatus) and goes to the lessons (spec §4).
 */
export function ChildPickerPage() {
  const { t } = useTranslation('children');
  useDocumentTitle(t('pickerTitle'));
  const navigate = useNavigate();
  const signedIn = Boolean(storage.getToken());
  const children = useQuery({ ...childrenQueryOptions(), enabled: signedIn });
  const profile = useQuery({ ...profileQueryOptions(), enabled: signedIn });
  const [selected, setSelected] = useState<string | null>(null);
  const next = useMutation({
    mutationFn: completeOnboarding,
    onSuccess: (path) => void navigate(path),
  });

  const details = profile.data;
  if (details && details.status === 0 && (!details.name || !details.email || !details.wechat_id))
    return <Navigate to={paths.onboardingEmail} replace />;
  // Once onboarding is done, the children live on the one children list (issue #19).
  if (details && details.status !== 0) return <Navigate to={paths.home.children} replace />;

  const selectedChild = children.data?.find((child) => child.student_sn === selected);
  const editLink = selectedChild ? paths.editChild(selectedChild.student_sn) : undefined;

  return (
    <OnboardingCard
      size="md"
      step={details?.status === 0 && t('step', { step: 2, total: 2 })}
      title={t('pickerTitle')}
      subtitle={t('pickerSubtitle')}
    >
      <ChildGrid query={children} loadingHeight={96}>
        {(child) => {
          const isSelected = child.student_sn === selected;
          return (
            <UnstyledButton
              key={child.student_sn}
              onClick={() => setSelected(isSelected ? null : child.student_sn)}
              aria-pressed={isSelected}
              aria-label={t('pickNamed', { name: child.nickname })}
              p="md"
              style={{
                borderRadius: 'var(--mantine-radius-md)',
                border: isSelected
                  ? '3px solid var(--mantine-color-brand-6)'
                  : '1px solid var(--mantine-color-gray-3)',
              }}
            >
              <Group wrap="nowrap">
                <Avatar src={child.avatar} alt="" size="lg" />
                <Stack gap={2}>
                  <Text fw={700}>{child.nickname}</Text>
                  <Text size="sm" c="dimmed">
                    {t('born', { date: formatDate(child.birth_date, 'birthday') })}
                  </Text>
                </Stack>
              </Group>
            </UnstyledButton>
          );
        }}
      </ChildGrid>
      <Group justify="space-between">
        <Group gap="sm">
          {details?.can_add_child !== false ? (
            <Button variant="light" component={Link} to={`${paths.childForm}?add=1`}>
              {t('add')}
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              {t('limitText', { count: details.child_limit, max: MAX_CHILDREN })}
            </Text>
          )}
          {(children.data?.length ?? 0) > 0 &&
            (editLink ? (
              <Button variant="default" component={Link} to={editLink}>
                {t('edit')}
              </Button>
            ) : (
              <Button
                variant="default"
                onClick={() => notify('yellow', messageText('selectChild'))}
              >
                {t('edit')}
              </Button>
            ))}
        </Group>
        <Button
          loading={next.isPending}
          onClick={() => {
            if (!children.data?.length) {
              notify('yellow', messageText('onboardingChildFirst'));
              return;
            }
            next.mutate();
          }}
        >
          {t('next')}
        </Button>
      </Group>
    </OnboardingCard>
  );
}
