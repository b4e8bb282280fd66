import { Avatar, Button, Group } from '@mantine/core';
import '@mantine/core/styles/Avatar.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { childrenQueryOptions } from '../../../api/children';
import { profileQueryOptions } from '../../../api/profile';
import { lessonsApi } from '../api/lessons-api';

/**
 * Which child the lesson pages show (issue #19): the current child of the profile, switched
 * here as on the children list, so the side navigation and every lesson page agree. Shown from
 * two children on; the buttons wrap on a phone.
 */
export function ChildSwitcher({ onSwitched }: { onSwitched?: () => void }) {
  const { t } = useTranslation('lessons');
  const queryClient = useQueryClient();
  const children = useQuery(childrenQueryOptions());
  const profile = useQuery(profileQueryOptions());
  const current = profile.data?.student_info?.student_sn;
  const select = useMutation({
    mutationFn: lessonsApi.selectChild,
    onSuccess: async () => {
      await queryClient.invalidateQueries(profileQueryOptions());
      onSwitched?.();
    },
  });
  if (!children.data || children.data.length < 2) return null;
  return (
    <Group gap="xs" mb="lg" role="group" aria-label={t('switchChild')}>
      {children.data.map((child) => {
        const isCurrent = child.student_sn === current;
        return (
          <Button
            key={child.student_sn}
            variant={isCurrent ? 'filled' : 'default'}
            radius="xl"
            leftSection={<Avatar src={child.avatar} alt="" size={24} />}
            aria-pressed={isCurrent}
            loading={select.isPending && select.variables === child.student_sn}
            onClick={() => {
              if (!isCurrent) select.mutate(child.student_sn);
            }}
          >
            {child.nickname}
          </Button>
        );
      })}
    </Group>
  );
}
