import {
  Anchor,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  List,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The 10 recovery codes, shown once right after enrolment. The console opens only when the
 * member says they saved them.
 */
export function RecoveryCodesStep({
  codes,
  email,
  onDone,
}: {
  codes: string[];
  email: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('auth');
  const [saved, setSaved] = useState(false);
  const file = [t('codesFileHeading', { email }), '', ...codes, ''].join('\n');
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('codesTitle')}
      </Title>
      <Text>{t('codesIntro')}</Text>
      <List
        aria-label={t('codesListLabel')}
        listStyleType="none"
        spacing={6}
        styles={{ root: { columns: 2, paddingInlineStart: 0 } }}
      >
        {codes.map((code) => (
          <List.Item key={code}>
            <Code fz="md">{code}</Code>
          </List.Item>
        ))}
      </List>
      <Group gap="sm">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="default" size="compact-sm" onClick={copy}>
              {copied ? t('copied') : t('copy')}
            </Button>
          )}
        </CopyButton>
        <Anchor
          size="sm"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`}
          download="recovery-codes.txt"
        >
          {t('download')}
        </Anchor>
      </Group>
      <Checkbox
        label={t('savedThem')}
        checked={saved}
        onChange={(event) => setSaved(event.currentTarget.checked)}
      />
      <Button disabled={!saved} onClick={onDone}>
        {t('openConsole')}
      </Button>
    </Stack>
  );
}
