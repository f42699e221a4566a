import { useState } from 'react';
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { HistoryEntry, MemberDetail } from '@agency/shared';
import { DataList, type DataColumn } from '../../components/data-list.tsx';
import { useFormatters } from '../../lib/format.ts';
import { errorText, notifyError, notifySuccess } from '../../lib/notify.ts';
import { statusLabelKey } from '../../lib/status.ts';
import { MemberFormModal } from './member-form.tsx';
import { MemberSessionsCard } from './member-sessions-card.tsx';
import { useMemberDetail, useVerifyBank } from './members-api.ts';
import { formatPhone } from '../../lib/phone-format.ts';

const MEMBERS_PATH = '/app/mydesk/users';
/** The member's deductions and payments, on the admin's screens filtered to the member. */
const DEDUCTIONS_PATH = '/app/setting/deductions';
const PAYMENTS_PATH = '/app/mydesk/transaction';

const CREATOR_DETAILS_PATH = '/app/mydesk/details';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value || '–'}
      </Text>
    </Stack>
  );
}

/** Before -> after of each changed field of one activity entry. */
export function HistoryChanges({ entry }: { entry: HistoryEntry }) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  const show = (value: unknown) => (value === null || value === undefined ? '–' : typeof value === 'object' ? JSON.stringify(value) : String(value));
  return (
    <Stack gap={2}>
      {keys.map((key) => (
        <Text key={key} size="xs" ff="monospace">
          {key}: {show(entry.before?.[key])} → {show(entry.after?.[key])}
        </Text>
      ))}
    </Stack>
  );
}

/** One member: details, creators with this month's figures, bank details (verify), change history, sessions. */
export function MemberProfileView({ id }: { id: string }) {
  const { t } = useTranslation('members');
  const format = useFormatters();
  const detail = useMemberDetail(id);
  const verify = useVerifyBank();
  const [editing, setEditing] = useState(false);

  if (detail.isPending) return <Skeleton height={320} radius="lg" />;
  if (detail.isError) {
    return (
      <Stack role="alert">
        <Text fw={600}>{errorText(detail.error)}</Text>
        <Button variant="light" onClick={() => void detail.refetch()} w="fit-content">
          {t('common:actions.retry')}
        </Button>
      </Stack>
    );
  }
  const member: MemberDetail = detail.data;
  type MemberCreator = MemberDetail['creators'][number];
  const creatorColumns: DataColumn<MemberCreator>[] = [
    {
      key: 'tiktok',
      label: t('columns.tiktok'),
      card: 'title',
      cell: (creator) => (
        <Anchor component={Link} to={`${CREATOR_DETAILS_PATH}?id=${creator.id}`} size="sm">
          @{creator.tiktokUsername}
        </Anchor>
      ),
    },
    { key: 'status', label: t('columns.status'), card: 'status', cell: (creator) => <Badge variant="light">{t(statusLabelKey(creator.status))}</Badge> },
    { key: 'diamonds', label: t('profile.diamonds'), numeric: true, card: 'amount', cell: (creator) => format.number(creator.diamonds) },
    { key: 'validDays', label: t('profile.validDays'), numeric: true, priority: 1, cell: (creator) => format.number(creator.validDays) },
    { key: 'liveDuration', label: t('profile.liveDuration'), numeric: true, priority: 1, cell: (creator) => format.duration(creator.liveSeconds) },
  ];
  const historyColumns: DataColumn<HistoryEntry>[] = [
    { key: 'at', label: t('history.at'), cell: (entry) => format.dateTime(entry.at) },
    { key: 'actor', label: t('history.actor'), priority: 1, cell: (entry) => (entry.actor ? `${entry.actor.firstName} ${entry.actor.lastName}` : t('history.system')) },
    {
      key: 'action',
      label: t('history.action'),
      card: 'title',
      cell: (entry) => (
        <Text size="xs" ff="monospace">
          {entry.action}
        </Text>
      ),
    },
    { key: 'changes', label: t('history.changes'), wrap: true, cell: (entry) => <HistoryChanges entry={entry} /> },
  ];

  async function verifyBank() {
    try {
      const answer = await verify.mutateAsync(member.uid);
      notifySuccess(answer.messageCode ?? 'BANK_VERIFIED');
    } catch (error) {
      notifyError(error);
    }
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={1} size="h2">
            {member.firstName} {member.lastName}
          </Title>
          <Badge variant="light">{t(statusLabelKey(member.status))}</Badge>
        </Group>
        <Group gap="xs">
          <Button component={Link} to={`${DEDUCTIONS_PATH}?memberId=${member.uid}`} variant="default">
            {t('profile.deductions')}
          </Button>
          <Button component={Link} to={`${PAYMENTS_PATH}?memberId=${member.uid}`} variant="default">
            {t('profile.payments')}
          </Button>
          <Button leftSection={<IconPencil size={16} aria-hidden />} variant="light" onClick={() => setEditing(true)}>
            {t('common:actions.edit')}
          </Button>
        </Group>
      </Group>
      <Card withBorder radius="lg">
        <Title order={2} size="h4" mb="sm">
          {t('profile.details')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <Field label={t('columns.phone')} value={formatPhone(member.phone)} />
          <Field label={t('form.email')} value={member.email ?? ''} />
          <Field label={t('columns.joinedAt')} value={format.date(member.joinedAt)} />
          <Field
            label={t('columns.affiliatedWith')}
            value={member.affiliatedWith ? `${member.affiliatedWith.firstName} ${member.affiliatedWith.lastName}` : ''}
          />
          <Field label={t('columns.commission')} value={member.commissionRateBps == null ? t('tiers') : format.percent(member.commissionRateBps / 100)} />
          <Field label={t('profile.referralCode')} value={member.referralCode} />
          <Field label={t('columns.creators')} value={format.number(member.creatorCount)} />
          <Field label={t('columns.tiktok')} value={member.tiktokUsernames.map((name) => `@${name}`).join(', ')} />
        </SimpleGrid>
      </Card>
      <Card withBorder radius="lg">
        <Group justify="space-between" mb="sm">
          <Group gap="sm">
            <Title order={2} size="h4">
              {t('profile.bank')}
            </Title>
            <Badge color={member.bankStatus === 'Verified' ? 'teal' : 'gray'} variant="dot">
              {t(statusLabelKey(member.bankStatus))}
            </Badge>
          </Group>
          {member.bank && member.bankStatus !== 'Verified' && (
            <Button leftSection={<IconShieldCheck size={16} aria-hidden />} onClick={() => void verifyBank()} loading={verify.isPending}>
              {t('profile.verify')}
            </Button>
          )}
        </Group>
        {member.bank ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            <Field label={t('profile.holderName')} value={member.bank.holderName} />
            <Field label={t('profile.identityNumber')} value={member.bank.identityNumber} />
            <Field label={t('profile.bankName')} value={member.bank.bankName} />
            <Field label={t('profile.iban')} value={member.bank.iban} />
          </SimpleGrid>
        ) : (
          <Text c="dimmed">{t('profile.noBank')}</Text>
        )}
      </Card>
      <Card withBorder radius="lg">
        <Title order={2} size="h4" mb="sm">
          {t('profile.creators')}
        </Title>
        {member.creators.length === 0 ? (
          <Text c="dimmed">{t('profile.noCreators')}</Text>
        ) : (
          <DataList rows={member.creators} rowKey={(creator) => creator.id} rowLabel={(creator) => `@${creator.tiktokUsername}`} columns={creatorColumns} />
        )}
      </Card>
      <Card withBorder radius="lg">
        <Title order={2} size="h4" mb="sm">
          {t('profile.history')}
        </Title>
        {member.history.length === 0 ? (
          <Text c="dimmed">{t('profile.noHistory')}</Text>
        ) : (
          <DataList rows={member.history} rowKey={(entry) => entry.id} rowLabel={(entry) => entry.action} columns={historyColumns} striped={false} />
        )}
      </Card>
      <MemberSessionsCard memberId={member.uid} />
      {editing && <MemberFormModal opened member={member} onClose={() => setEditing(false)} />}
    </Stack>
  );
}

/** `/app/mydesk/usersProfile?id=<uid>` */
export default function MemberProfilePage() {
  const { t } = useTranslation('members');
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <Stack gap="md">
      <Anchor component={Link} to={MEMBERS_PATH} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {t('profile.back')}
        </Group>
      </Anchor>
      {id ? <MemberProfileView id={id} /> : <Text c="dimmed">{t('profile.missingId')}</Text>}
    </Stack>
  );
}
