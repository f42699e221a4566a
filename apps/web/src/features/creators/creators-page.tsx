import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Button, Chip, Group, Menu, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDots, IconEye, IconPencil, IconPlayerPause, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { REQUIREMENT_FILTERS, type CreatorListItem, type CreatorStatus, type RequirementFilter } from '@agency/shared';
import { DarkBadge, ForecastFilterSelect, ForecastStateBadge, isForecastFilter } from '../forecasts/index.ts';
import { confirmAction } from '../../lib/confirm.ts';
import { useFormatters } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { statusLabelKey } from '../../lib/status.ts';
import { MemberSelect } from '../../components/member-select.tsx';
import { RequirementBadge } from '../../components/requirement-badge.tsx';
import { CreatorFormModal } from './creator-form.tsx';
import { useCreatorList, useDeleteCreator, type CreatorListParams } from './creators-api.ts';
import { ListFooter, ListState } from '../../components/list-parts.tsx';
import { DataList, type DataColumn } from '../../components/data-list.tsx';

/** The requirement and forecast filters: the screen's width on a phone (their longest labels, in Russian and Azerbaijani, need it), 280 px from `xs` up. */
const PHONE_WIDE_FILTER = { base: '100%', xs: 280 } as const;

const STATUS_FILTERS: (CreatorStatus | 'all')[] = ['all', 'active', 'pending', 'inactive', 'rejected'];
export const STATUS_COLOURS: Record<CreatorStatus, string> = { active: 'teal', pending: 'yellow', inactive: 'gray', rejected: 'red' };
const DETAILS_PATH = '/app/mydesk/details';
const MEMBER_PATH = '/app/mydesk/usersProfile';

function isRequirementFilter(value: string | null): value is RequirementFilter {
  return value !== null && (REQUIREMENT_FILTERS as readonly string[]).includes(value);
}

/** `/app/mydesk/creatorPage`: every creator with this month's figures. */
export default function CreatorsPage() {
  // The forecast column's and filter's texts load with the page's.
  const { t } = useTranslation(['creators', 'forecasts']);
  const format = useFormatters();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<CreatorStatus | 'all'>('all');
  const [affiliateId, setAffiliateId] = useState<string | null>(null);
  // `?requirement=atRiskOrFailing` and `?forecast=atRisk` (the dashboard links here): these filters live in the address.
  const [searchParams, setSearchParams] = useSearchParams();
  const requirementParam = searchParams.get('requirement');
  const requirement = isRequirementFilter(requirementParam) ? requirementParam : null;
  const forecastParam = searchParams.get('forecast');
  const forecast = isForecastFilter(forecastParam) ? forecastParam : null;
  const [sort, setSort] = useState('-joinedAt');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [editing, setEditing] = useState<{ creator: CreatorListItem | null; deactivate?: boolean } | null>(null);
  const list = useCreatorList({
    q: q || undefined,
    status: status === 'all' ? undefined : status,
    affiliateId: affiliateId ?? undefined,
    requirement: requirement ?? undefined,
    forecast: forecast ?? undefined,
    sort: sort as CreatorListParams['sort'],
    page,
    pageSize,
  });
  const remove = useDeleteCreator();

  /** Writes one of the address's filters (none: removed) and goes back to page 1. */
  function setAddressFilter(name: 'requirement' | 'forecast', value: string | null) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
    setPage(1);
  }

  async function deleteCreator(creator: CreatorListItem) {
    if (!(await confirmAction())) return;
    try {
      const answer = await remove.mutateAsync(creator.id);
      notifySuccess(answer.messageCode ?? 'CREATOR_DELETED');
    } catch (error) {
      notifyError(error);
    }
  }

  const items = list.data?.items ?? [];
  // The username, the status, the month's diamonds, the requirement and the menu stay; the rest
  // gives way on a narrow table (it is on the creator's page and in the row's details).
  const columns: DataColumn<CreatorListItem>[] = [
    {
      key: 'tiktokUsername',
      label: t('columns.tiktokUsername'),
      sortField: 'tiktokUsername',
      card: 'title',
      cell: (creator) => (
        <Anchor component={Link} to={`${DETAILS_PATH}?id=${creator.id}`} fw={600} size="sm">
          @{creator.tiktokUsername}
        </Anchor>
      ),
    },
    { key: 'name', label: t('columns.name'), sortField: 'name', priority: 3, cell: (creator) => creator.name },
    {
      key: 'status',
      label: t('columns.status'),
      sortField: 'status',
      card: 'status',
      cell: (creator) => (
        <Badge color={STATUS_COLOURS[creator.status]} variant="light">
          {t(statusLabelKey(creator.status))}
        </Badge>
      ),
    },
    {
      key: 'affiliate',
      label: t('columns.affiliate'),
      priority: 4,
      cell: (creator) =>
        creator.affiliate ? (
          <Anchor component={Link} to={`${MEMBER_PATH}?id=${creator.affiliate.uid}`} size="sm">
            {creator.affiliate.firstName} {creator.affiliate.lastName}
          </Anchor>
        ) : (
          ''
        ),
    },
    { key: 'diamonds', label: t('columns.diamonds'), sortField: 'diamonds', numeric: true, card: 'amount', cell: (creator) => format.number(creator.diamonds) },
    { key: 'validDays', label: t('columns.validDays'), sortField: 'validDays', numeric: true, priority: 1, cell: (creator) => format.number(creator.validDays) },
    { key: 'liveSeconds', label: t('columns.liveDuration'), sortField: 'liveSeconds', numeric: true, priority: 1, cell: (creator) => format.duration(creator.liveSeconds) },
    { key: 'matches', label: t('columns.matches'), sortField: 'matches', numeric: true, priority: 5, cell: (creator) => format.number(creator.matches) },
    { key: 'lastLiveAt', label: t('columns.lastLive'), sortField: 'lastLiveAt', priority: 2, cell: (creator) => format.dateTime(creator.lastLiveAt) },
    { key: 'requirement', label: t('columns.requirement'), card: 'status', cell: (creator) => <RequirementBadge state={creator.requirementState} /> },
    {
      key: 'forecast',
      label: t('forecasts:column'),
      // On a phone's card a field of its own ("Forecast: At risk"), not a third badge beside the requirement's.
      card: 'field',
      cell: (creator) =>
        creator.forecastState === null && creator.daysDark === null ? (
          ''
        ) : (
          <Group gap={4} wrap="nowrap">
            {creator.forecastState ? <ForecastStateBadge state={creator.forecastState} /> : null}
            {creator.daysDark !== null ? <DarkBadge daysDark={creator.daysDark} /> : null}
          </Group>
        ),
    },
    { key: 'joinedAt', label: t('columns.joinedAt'), sortField: 'joinedAt', priority: 6, cell: (creator) => format.date(creator.joinedAt) },
    {
      key: 'actions',
      label: t('columns.actions'),
      labelHidden: true,
      card: 'actions',
      cell: (creator) => (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('actions.menu', { name: creator.tiktokUsername })}>
              <IconDots size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconEye size={16} aria-hidden />} onClick={() => navigate(`${DETAILS_PATH}?id=${creator.id}`)}>
              {t('actions.open')}
            </Menu.Item>
            <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing({ creator })}>
              {t('common:actions.edit')}
            </Menu.Item>
            {creator.status !== 'inactive' && (
              <Menu.Item leftSection={<IconPlayerPause size={16} aria-hidden />} onClick={() => setEditing({ creator, deactivate: true })}>
                {t('actions.deactivate')}
              </Menu.Item>
            )}
            <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => void deleteCreator(creator)}>
              {t('common:actions.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ creator: null })}>
          {t('add')}
        </Button>
      </Group>
      <Paper withBorder radius="lg" p="md">
        <Stack gap="md">
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={t('searchLabel')}
              placeholder={t('searchPlaceholder')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setPage(1);
              }}
              miw={260}
              style={{ flex: 1 }}
            />
            <MemberSelect
              label={t('filters.affiliate')}
              placeholder={t('filters.all')}
              value={affiliateId}
              onChange={(value) => {
                setAffiliateId(value);
                setPage(1);
              }}
              w={240}
            />
            <Select
              label={t('filters.requirement')}
              placeholder={t('filters.all')}
              clearable
              data={REQUIREMENT_FILTERS.map((value) => ({
                value,
                label: value === 'atRiskOrFailing' ? t('filters.atRiskOrFailing') : t(`common:requirement.${value}`),
              }))}
              value={requirement}
              onChange={(value) => setAddressFilter('requirement', value)}
              w={PHONE_WIDE_FILTER}
            />
            <ForecastFilterSelect value={forecast} onChange={(value) => setAddressFilter('forecast', value)} allLabel={t('filters.all')} w={PHONE_WIDE_FILTER} />
          </Group>
          <Chip.Group multiple={false} value={status} onChange={(value) => (setStatus(value as CreatorStatus | 'all'), setPage(1))}>
            <Group gap="xs" role="group" aria-label={t('filters.status')}>
              {STATUS_FILTERS.map((value) => (
                <Chip key={value} value={value} size="sm">
                  {value === 'all' ? t('filters.all') : t(statusLabelKey(value))}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {items.length > 0 && (
            <DataList
              rows={items}
              rowKey={(creator) => creator.id}
              rowLabel={(creator) => `@${creator.tiktokUsername}`}
              columns={columns}
              sort={{ value: sort, onChange: (value) => (setSort(value), setPage(1)) }}
              highlightOnHover
            />
          )}
          <ListState query={list} isEmpty={items.length === 0} isFiltered={Boolean(q) || status !== 'all' || affiliateId !== null || requirement !== null || forecast !== null} />
          <ListFooter
            total={list.data?.total ?? 0}
            page={page}
            pageSize={pageSize}
            onPage={setPage}
            onPageSize={(size) => (setPageSize(size), setPage(1))}
            totalLabel={t('total', { count: list.data?.total ?? 0 })}
          />
        </Stack>
      </Paper>
      {editing && (
        <CreatorFormModal opened creator={editing.creator} deactivate={editing.deactivate ?? false} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}
