import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { EnrolDialog } from './enrol-dialog';

/**
 * "Enrol in a course" on a child's row of the family's page (app/routes.tsx hands it to the
 * families feature): the enrol dialog with the family and child already chosen.
 */
export function EnrolChildAction({
  userSn,
  studentSn,
  nickname,
}: {
  userSn: string;
  studentSn: string;
  nickname: string;
}) {
  const { t } = useTranslation('timetable');
  const [opened, dialog] = useDisclosure(false);
  return (
    <>
      <Button
        size="compact-sm"
        variant="light"
        onClick={dialog.open}
        aria-label={t('enrol.actionFor', { name: nickname })}
      >
        {t('enrol.action')}
      </Button>
      <EnrolDialog opened={opened} onClose={dialog.close} child={{ userSn, studentSn, nickname }} />
    </>
  );
}
