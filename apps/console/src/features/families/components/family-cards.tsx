import { Avatar, Button, Card, Group, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { FamilyChild, FamilyDetail } from '@portal/shared/staff';
import { formatDate } from '@portal/web-kit/time';
import { useMutation } from '@tanstack/react-query';
import { useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { familiesApi } from '../api';
import { formatDateTime } from '../../../lib/format';
import { localText } from '../../../lib/money';
import { CreditCorrectionDialog } from './credit-correction-dialog';
import { EditChildDialog } from './edit-child-dialog';
import { EditParentDialog } from './edit-parent-dialog';
import { StatusBadge } from './status-badge';

/** A card of the family page: a heading, an optional action beside it, its content. */
function Section({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" h="100%">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h4">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

/** A label and its value, one row of a card. */
function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th
        fw={500}
        c="gray.7"
        w={1}
        pl={0}
        style={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}
      >
        {label}
      </Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{children}</Table.Td>
    </Table.Tr>
  );
}

/**
 * The phone as staff see it: masked until "Show", which asks the server (recorded in the audit
 * log as `family.phone-revealed`) and shows the number until the page is left.
 */
function Phone({ userSn, masked }: { userSn: string; masked: string }) {
  const { t } = useTranslation('families');
  const reveal = useMutation({ mutationFn: () => familiesApi.revealPhone(userSn) });
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
        {reveal.data?.phone ?? masked}
      </Text>
      {!reveal.data && (
        <Tooltip label={t('profile.showPhoneLabel')}>
          <Button
            size="compact-xs"
            variant="light"
            loading={reveal.isPending}
            onClick={() => reveal.mutate()}
            aria-label={t('profile.showPhoneLabel')}
          >
            {t('profile.showPhone')}
          </Button>
        </Tooltip>
      )}
    </Group>
  );
}

export function ProfileCard({ family, canWrite }: { family: FamilyDetail; canWrite: boolean }) {
  const { t } = useTranslation('families');
  const language = currentLanguage();
  const [editing, edit] = useDisclosure(false);
  const { parent } = family;
  const parentLanguage =
    parent.language === 'zh_CN' || parent.language === 'en' ? parent.language : null;
  return (
    <Section
      title={t('profile.title')}
      action={
        canWrite && (
          <Button size="compact-sm" variant="light" onClick={edit.open}>
            {t('profile.edit')}
          </Button>
        )
      }
    >
      <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing="xs">
        <Table.Tbody>
          <Row label={t('profile.userSn')}>{parent.userSn}</Row>
          <Row label={t('profile.phone')}>
            <Phone userSn={parent.userSn} masked={parent.phoneMasked} />
          </Row>
          <Row label={t('profile.email')}>{parent.email ?? t('none')}</Row>
          <Row label={t('profile.registered')}>{formatDateTime(parent.registeredAt, language)}</Row>
          <Row label={t('profile.adviser')}>{parent.adviser?.name ?? t('noAdviser')}</Row>
          <Row label={t('profile.childLimit')}>
            {t('profile.childLimitValue', { limit: parent.childLimit, max: parent.childLimitMax })}
          </Row>
          <Row label={t('profile.language')}>
            {parentLanguage
              ? t(`profile.languages.${parentLanguage}`)
              : parent.language || t('none')}
          </Row>
          <Row label={t('profile.timeZone')}>{parent.timeZone}</Row>
        </Table.Tbody>
      </Table>
      {canWrite && (
        <EditParentDialog
          userSn={parent.userSn}
          parent={parent}
          opened={editing}
          onClose={edit.close}
        />
      )}
    </Section>
  );
}

export function BalanceCard({ family, canCorrect }: { family: FamilyDetail; canCorrect: boolean }) {
  const { t } = useTranslation('families');
  const [correcting, correction] = useDisclosure(false);
  const { credits } = family;
  return (
    <Section
      title={t('balance.title')}
      action={
        canCorrect && (
          <Button size="compact-sm" variant="light" onClick={correction.open}>
            {t('balance.correct')}
          </Button>
        )
      }
    >
      <Stack gap={4}>
        <Text size="sm" c="gray.7">
          {t('balance.available')}
        </Text>
        <Text fz={36} fw={700} lh={1.1} data-testid="available-credits">
          {credits.available}
        </Text>
      </Stack>
      <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing="xs" mt="sm">
        <Table.Tbody>
          <Row label={t('balance.paid')}>{credits.paid}</Row>
          <Row label={t('balance.reward')}>{credits.reward}</Row>
          <Row label={t('balance.reserved')}>{credits.reserved}</Row>
        </Table.Tbody>
      </Table>
      {canCorrect && (
        <CreditCorrectionDialog
          userSn={family.parent.userSn}
          credits={credits}
          opened={correcting}
          onClose={correction.close}
        />
      )}
    </Section>
  );
}

export function PlanCard({ family }: { family: FamilyDetail }) {
  const { t } = useTranslation('families');
  const language = currentLanguage();
  const { plan } = family;
  return (
    <Section title={t('plan.title')}>
      {plan ? (
        <Stack gap={6}>
          <Text fw={600}>{localText(plan.name, language)}</Text>
          <Text size="sm">
            {t('plan.period', {
              from: formatDate(plan.startsAt, 'date', language),
              to: formatDate(plan.endsAt, 'date', language),
            })}
          </Text>
          <StatusBadge color={plan.autoRenew ? 'green' : 'gray'}>
            {plan.autoRenew ? t('plan.autoRenew') : t('plan.noAutoRenew')}
          </StatusBadge>
        </Stack>
      ) : (
        <Text size="sm" c="gray.7">
          {t('plan.none')}
        </Text>
      )}
    </Section>
  );
}

/** What a child's row hands to another feature's action (FamilyPage's `childAction`). */
export interface ChildActionProps {
  userSn: string;
  studentSn: string;
  nickname: string;
}

export function ChildrenCard({
  family,
  canWrite,
  ChildAction,
}: {
  family: FamilyDetail;
  canWrite: boolean;
  ChildAction?: ComponentType<ChildActionProps>;
}) {
  const { t } = useTranslation('families');
  const hasActions = canWrite || ChildAction !== undefined;
  const language = currentLanguage();
  const [editing, setEditing] = useState<FamilyChild | null>(null);
  return (
    <Section title={t('children.title')}>
      {family.children.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('children.none')}
        </Text>
      ) : (
        <Table verticalSpacing="xs" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('children.nickname')}</Table.Th>
              <Table.Th>{t('children.birthday')}</Table.Th>
              <Table.Th>{t('children.age')}</Table.Th>
              {hasActions && <Table.Th aria-hidden />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {family.children.map((child) => (
              <Table.Tr key={child.studentSn}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Avatar src={child.avatar} alt="" size={32} />
                    <Stack gap={0}>
                      <Text size="sm" fw={600}>
                        {child.nickname}
                      </Text>
                      <Text size="xs" c="gray.7">
                        {child.studentSn}
                      </Text>
                    </Stack>
                  </Group>
                </Table.Td>
                <Table.Td>
                  {child.birthday ? formatDate(child.birthday, 'birthday', language) : t('none')}
                </Table.Td>
                <Table.Td>
                  {child.age === null ? t('none') : t('children.ageValue', { count: child.age })}
                </Table.Td>
                {hasActions && (
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      {ChildAction && (
                        <ChildAction
                          userSn={family.parent.userSn}
                          studentSn={child.studentSn}
                          nickname={child.nickname}
                        />
                      )}
                      {canWrite && (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          onClick={() => setEditing(child)}
                          aria-label={t('children.editLabel', { name: child.nickname })}
                        >
                          {t('children.edit')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {canWrite && (
        <EditChildDialog
          userSn={family.parent.userSn}
          child={editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Section>
  );
}
