import { useState } from 'react';
import { Button, Card, Group, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MemberListItem } from '@agency/shared';
import { ErrorState } from '../../components/error-state.tsx';
import { MemberSelect } from '../../components/member-select.tsx';
import { confirmAction } from '../../lib/confirm.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useAdminSettings, useRotateReferralCode, useUpdateSettings } from './settings-api.ts';
import { formatPhone } from '../../lib/phone-format.ts';

function RotateCodeCard() {
  const { t } = useTranslation('settings');
  const [memberId, setMemberId] = useState<string | null>(null);
  const [newLink, setNewLink] = useState<string | null>(null);
  const rotate = useRotateReferralCode();
  const describeMember = (member: MemberListItem) => `${member.firstName} ${member.lastName} · ${formatPhone(member.phone) || member.email || ''} · ${member.referralCode}`;

  const handleRotate = async () => {
    if (!memberId) return;
    if (!(await confirmAction({ body: t('referrals.rotateConfirm') }))) return;
    rotate.mutate(memberId, {
      onSuccess: (result) => {
        notifySuccess('REFERRAL_CODE_ROTATED');
        setNewLink(result.data.referralLink);
      },
      onError: notifyError,
    });
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('referrals.rotateTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('referrals.rotateBody')}
        </Text>
        <MemberSelect
          label={t('referrals.member')}
          placeholder={t('referrals.memberPlaceholder')}
          value={memberId}
          onChange={(value) => {
            setMemberId(value);
            setNewLink(null);
          }}
          describe={describeMember}
          nothingFoundMessage={t('referrals.noMembers')}
        />
        <Group justify="flex-end">
          <Button color="red" variant="light" leftSection={<IconRefresh size={16} />} disabled={!memberId} loading={rotate.isPending} onClick={() => void handleRotate()}>
            {t('referrals.rotate')}
          </Button>
        </Group>
        {newLink ? (
          <Text size="sm" role="status">
            {t('referrals.newLink', { link: newLink })}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

/** `/app/accounts/inviteConfigurations`: referral links on or off; a member's new code. */
export default function ReferralSettingsPage() {
  const { t } = useTranslation('settings');
  const settings = useAdminSettings();
  const update = useUpdateSettings();

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('referrals.title')}
      </Title>
      <Card withBorder radius="md" padding="lg">
        {settings.isPending ? (
          <Skeleton height={60} />
        ) : settings.isError ? (
          <ErrorState size="section" error={settings.error} onRetry={() => void settings.refetch()} />
        ) : (
          <Stack gap="xs">
            <Switch
              size="md"
              label={t('referrals.enabled')}
              checked={settings.data.referralsEnabled}
              disabled={update.isPending}
              onChange={(event) =>
                update.mutate({ referralsEnabled: event.currentTarget.checked }, { onSuccess: () => notifySuccess('DETAILS_UPDATED'), onError: notifyError })
              }
            />
            <Text size="sm" c="dimmed">
              {t('referrals.enabledHint')}
            </Text>
          </Stack>
        )}
      </Card>
      <RotateCodeCard />
    </Stack>
  );
}
