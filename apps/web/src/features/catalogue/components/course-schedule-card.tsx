import { Badge, Card, Group, Image, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Image.css';
import type { CourseScheduleItem } from '@portal/shared/catalogue';
import { useTranslation } from 'react-i18next';
import { parseDayTime } from '../utils/day-time';

/** One course of the public schedule: subject, level, class type and weekly times (visitor's zone). */
export function CourseScheduleCard({ item }: { item: CourseScheduleItem }) {
  const { t } = useTranslation('catalogue');
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={`${item.subject_title} · ${item.level_title}`}
    >
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Image src={item.subject_img} alt="" w={64} h={64} radius="md" />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs">
            <Text fw={700} component="h3" size="md" m={0}>
              {item.subject_title}
            </Text>
            <Badge variant="light" color="brand">
              {item.class_type}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {item.level_group_title} · {item.level_title} · {t('minutes', { count: item.duration })}
          </Text>
          <Group gap={6} mt={4}>
            {item.date_time.map((value) => {
              const { weekday, time } = parseDayTime(value);
              return (
                <Badge key={value} variant="outline" color="gray" radius="sm" c="gray.8">
                  {t(`weekday${weekday}`)} {time}
                </Badge>
              );
            })}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
