import { useRef, useState } from 'react';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../lib/notify.ts';
import { copyText } from './copy-text.ts';

/** The member's referral link with a copy button (`URL copied to clipboard!`). */
export function ReferralLinkCard({ link }: { link: string }) {
  const { t } = useTranslation(['profile', 'common']);
  const input = useRef<HTMLInputElement>(null);
  const [manual, setManual] = useState(false);

  const copy = async () => {
    if (await copyText(link)) {
      setManual(false);
      notifySuccess('URL_COPIED');
      return;
    }
    // Neither clipboard way worked: select the link so that the person can copy it by hand.
    setManual(true);
    input.current?.focus();
    input.current?.select();
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('referral.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('referral.body')}
        </Text>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            ref={input}
            value={link}
            readOnly
            aria-label={t('referral.title')}
            style={{ flex: 1, minWidth: 0 }}
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button leftSection={<IconCopy size={16} />} onClick={() => void copy()}>
            {t('common:actions.copy')}
          </Button>
        </Group>
        {manual ? (
          <Text size="sm" c="orange" role="status">
            {t('referral.copyManually')}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
