import { useState } from 'react';
import { Anchor, Badge, Button, Card, Group, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataList, type DataColumn } from '../../components/data-list.tsx';
import { useFormatters } from '../../lib/format.ts';
import { errorText } from '../../lib/notify.ts';
import { statusLabelKey } from '../../lib/status.ts';
import { CreatorFormModal } from './creator-form.tsx';
import { useCreatorDetail } from './creators-api.ts';
import { formatPhone } from '../../lib/phone-format.ts';

const CREATORS_PATH = '/app/mydesk/creatorPage';
const MEMBER_PATH = '/app/mydesk/usersProfile';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder radius="lg" padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={24} fw={700} className="tabular">
        {value}
      </Text>
    </Card>
  );
}

function CreatorDetails({ id }: { id: string }) {
  const { t } = useTranslation('creators');
  const format = useFormatters();
  const detail = useCreatorDetail(id);
  const [editing, setEditing] = useState(false);
  if (detail.isPending) return <Skeleton height={320} radius="lg" />;
  if (detail.isError) {
    return (
      <Stack role="alert">
        <Text fw={600}>{errorText(detail.error)}</Text>
        <Button variant="light" w="fit-content" onClick={() => void detail.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </Stack>
    );
  }
  const creator = detail.data;
  const monthColumns: DataColumn<(typeof creator.months)[number]>[] = [
    { key: 'period', label: t('details.period'), card: 'title', cell: (month) => format.monthLabel(month.period) },
    { key: 'diamonds', label: t('columns.diamonds'), numeric: true, card: 'amount', cell: (month) => format.number(month.diamonds) },
    { key: 'validDays', label: t('columns.validDays'), numeric: true, cell: (month) => format.number(month.validDays) },
    { key: 'liveDuration', label: t('columns.liveDuration'), numeric: true, cell: (month) => format.duration(month.liveSeconds) },
    { key: 'matches', label: t('columns.matches'), numeric: true, priority: 2, cell: (month) => format.number(month.matches) },
    { key: 'lastLive', label: t('columns.lastLive'), priority: 1, cell: (month) => format.dateTime(month.lastLiveAt) },
  ];
  const person = (ref: typeof creator.affiliate) =>
    ref ? (
      <Anchor component={Link} to={`${MEMBER_PATH}?id=${ref.uid}`} size="sm">
        {ref.firstName} {ref.lastName}
      </Anchor>
    ) : (
      <Text size="sm">–</Text>
    );
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={1} size="h2">
            @{creator.tiktokUsername}
          </Title>
          <Badge variant="light">{t(statusLabelKey(creator.status))}</Badge>
        </Group>
        <Button variant="light" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(true)}>
          {t('common:actions.edit')}
        </Button>
      </Group>
      <Card withBorder radius="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">{t('columns.name')}</Text>
            <Text size="sm">{creator.name || '–'}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">{t('form.phone')}</Text>
            <Text size="sm">{formatPhone(creator.phone) || '–'}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">{t('columns.affiliate')}</Text>
            {person(creator.affiliate)}
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">{t('form.owner')}</Text>
            {person(creator.owner)}
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">{t('form.agencyCenterCode')}</Text>
            <Text size="sm">{creator.agencyCenterCode ?? '–'}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">{t('columns.joinedAt')}</Text>
            <Text size="sm">{format.date(creator.joinedAt)}</Text>
          </Stack>
          {creator.reason && (
            <Stack gap={0}>
              <Text size="xs" c="dimmed">{t('form.reason')}</Text>
              <Text size="sm">{creator.reason}</Text>
            </Stack>
          )}
        </SimpleGrid>
      </Card>
      <Title order={2} size="h4">
        {t('details.thisMonth')}
      </Title>
      <SimpleGrid cols={{ base: 2, md: 5 }}>
        <Figure label={t('columns.diamonds')} value={format.number(creator.diamonds)} />
        <Figure label={t('columns.validDays')} value={format.number(creator.validDays)} />
        <Figure label={t('columns.liveDuration')} value={format.duration(creator.liveSeconds)} />
        <Figure label={t('columns.matches')} value={format.number(creator.matches)} />
        <Card withBorder radius="lg" padding="md">
          <Text size="sm" c="dimmed">
            {t('details.achieved')}
          </Text>
          <Text fz={24} fw={700} className="tabular">
            {format.percent(creator.achievedPercent)}
          </Text>
          <Progress value={creator.achievedPercent} mt="xs" aria-label={t('details.achieved')} />
        </Card>
      </SimpleGrid>
      <Card withBorder radius="lg">
        <Title order={2} size="h4" mb="sm">
          {t('details.months')}
        </Title>
        {creator.months.length === 0 ? (
          <Text c="dimmed">{t('details.noMonths')}</Text>
        ) : (
          <DataList rows={creator.months} rowKey={(month) => month.period} rowLabel={(month) => format.monthLabel(month.period)} columns={monthColumns} />
        )}
      </Card>
      <Card withBorder radius="lg">
        <Title order={2} size="h4" mb="sm">
          {t('details.history')}
        </Title>
        {creator.history.length === 0 ? (
          <Text c="dimmed">{t('details.noHistory')}</Text>
        ) : (
          <Stack gap="xs">
            {creator.history.map((entry) => (
              <Group key={entry.id} gap="sm" align="flex-start" wrap="nowrap">
                <Text size="xs" c="dimmed" miw={140}>
                  {format.dateTime(entry.at)}
                </Text>
                <Text size="xs" ff="monospace">
                  {entry.action} {Object.keys(entry.after ?? {}).join(', ')}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Card>
      {editing && <CreatorFormModal opened creator={creator} onClose={() => setEditing(false)} />}
    </Stack>
  );
}

/** `/app/mydesk/details?id=<creatorId>` */
export default function CreatorDetailsPage() {
  const { t } = useTranslation('creators');
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <Stack gap="md">
      <Anchor component={Link} to={CREATORS_PATH} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {t('details.back')}
        </Group>
      </Anchor>
      {id ? <CreatorDetails id={id} /> : <Text c="dimmed">{t('details.missingId')}</Text>}
    </Stack>
  );
}
