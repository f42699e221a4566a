import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Button, Chip, Group, Menu, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDots, IconEye, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { MemberListItem, MemberStatus } from '@agency/shared';
import { confirmAction } from '../../lib/confirm.ts';
import { useFormatters } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { statusLabelKey } from '../../lib/status.ts';
import { MemberFormModal } from './member-form.tsx';
import { useDeleteMember, useMemberList, type MemberListParams } from './members-api.ts';
import { ListFooter, ListState } from '../../components/list-parts.tsx';
import { DataList, type DataColumn } from '../../components/data-list.tsx';
import { formatPhone } from '../../lib/phone-format.ts';

type BankStatus = MemberListItem['bankStatus'];

const STATUS_FILTERS: (MemberStatus | 'all')[] = ['all', 'active', 'pending', 'rejected', 'disabled'];
const STATUS_COLOURS: Record<MemberStatus, string> = { active: 'teal', pending: 'yellow', rejected: 'red', disabled: 'gray' };
export const PROFILE_PATH = '/app/mydesk/usersProfile';

/** `/app/mydesk/users`: the admin's landing page, the members list. */
export default function MembersPage() {
  const { t } = useTranslation('members');
  const format = useFormatters();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<MemberStatus | 'all'>('all');
  const [bankStatus, setBankStatus] = useState<BankStatus | null>(null);
  const [sort, setSort] = useState('-joinedAt');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [editing, setEditing] = useState<{ member: MemberListItem | null } | null>(null);
  const list = useMemberList({
    q: q || undefined,
    status: status === 'all' ? undefined : status,
    bankStatus: bankStatus ?? undefined,
    sort: sort as MemberListParams['sort'],
    page,
    pageSize,
  });
  const remove = useDeleteMember();

  async function deleteMember(member: MemberListItem) {
    if (!(await confirmAction())) return;
    try {
      const answer = await remove.mutateAsync(member.uid);
      notifySuccess(answer.messageCode ?? 'USER_DELETED');
    } catch (error) {
      notifyError(error);
    }
  }

  const resetPage = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };

  const items = list.data?.items ?? [];
  const nameOf = (member: Pick<MemberListItem, 'firstName' | 'lastName'>) => `${member.firstName} ${member.lastName}`;
  // The name, both statuses, this month's figures and the menu stay; the rest gives way on a
  // narrow table (it is on the member's page and in the row's details).
  const columns: DataColumn<MemberListItem>[] = [
    {
      key: 'name',
      label: t('columns.name'),
      sortField: 'firstName',
      card: 'title',
      cell: (member) => (
        <Anchor component={Link} to={`${PROFILE_PATH}?id=${member.uid}`} fw={600} size="sm">
          {nameOf(member)}
        </Anchor>
      ),
    },
    { key: 'phone', label: t('columns.phone'), sortField: 'phone', priority: 3, cell: (member) => formatPhone(member.phone) },
    { key: 'tiktok', label: t('columns.tiktok'), priority: 5, cell: (member) => member.tiktokUsernames.map((name) => `@${name}`).join(', ') },
    {
      key: 'status',
      label: t('columns.status'),
      sortField: 'status',
      card: 'status',
      cell: (member) => (
        <Badge color={STATUS_COLOURS[member.status]} variant="light">
          {t(statusLabelKey(member.status))}
        </Badge>
      ),
    },
    {
      key: 'bankStatus',
      label: t('columns.bankStatus'),
      card: 'status',
      cell: (member) => (
        <Badge color={member.bankStatus === 'Verified' ? 'teal' : 'gray'} variant="dot">
          {t(statusLabelKey(member.bankStatus))}
        </Badge>
      ),
    },
    { key: 'joinedAt', label: t('columns.joinedAt'), sortField: 'joinedAt', priority: 4, cell: (member) => format.date(member.joinedAt) },
    {
      key: 'affiliatedWith',
      label: t('columns.affiliatedWith'),
      priority: 6,
      cell: (member) =>
        member.affiliatedWith ? (
          <Anchor component={Link} to={`${PROFILE_PATH}?id=${member.affiliatedWith.uid}`} size="sm">
            {nameOf(member.affiliatedWith)}
          </Anchor>
        ) : (
          ''
        ),
    },
    { key: 'creators', label: t('columns.creators'), sortField: 'creatorCount', numeric: true, priority: 2, cell: (member) => format.number(member.creatorCount) },
    {
      key: 'commission',
      label: t('columns.commission'),
      sortField: 'commissionRateBps',
      numeric: true,
      priority: 1,
      cell: (member) => (member.commissionRateBps == null ? t('tiers') : format.percent(member.commissionRateBps / 100)),
    },
    { key: 'diamonds', label: t('columns.diamonds'), sortField: 'diamonds', numeric: true, card: 'amount', cell: (member) => format.number(member.diamonds) },
    { key: 'earnings', label: t('columns.earnings'), sortField: 'earningsCents', numeric: true, card: 'amount', cell: (member) => format.money(member.earningsCents) },
    {
      key: 'actions',
      label: t('columns.actions'),
      labelHidden: true,
      card: 'actions',
      cell: (member) => (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('actions.menu', { name: nameOf(member) })}>
              <IconDots size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconEye size={16} aria-hidden />} onClick={() => navigate(`${PROFILE_PATH}?id=${member.uid}`)}>
              {t('actions.open')}
            </Menu.Item>
            <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing({ member })}>
              {t('common:actions.edit')}
            </Menu.Item>
            <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => void deleteMember(member)}>
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
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ member: null })}>
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
            <Select
              label={t('filters.bankStatus')}
              placeholder={t('filters.all')}
              clearable
              data={(['Verified', 'Not Verified'] as const).map((value) => ({ value, label: t(statusLabelKey(value)) }))}
              value={bankStatus}
              onChange={(value) => resetPage(setBankStatus)(value as BankStatus | null)}
              w={200}
            />
          </Group>
          <Chip.Group multiple={false} value={status} onChange={(value) => resetPage(setStatus)(value as MemberStatus | 'all')}>
            <Group gap="xs" aria-label={t('filters.status')} role="group">
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
              rowKey={(member) => member.uid}
              rowLabel={(member) => `${member.firstName} ${member.lastName}`}
              columns={columns}
              sort={{ value: sort, onChange: resetPage(setSort) }}
              highlightOnHover
            />
          )}
          <ListState query={list} isEmpty={items.length === 0} isFiltered={Boolean(q) || status !== 'all' || bankStatus !== null} />
          <ListFooter
            total={list.data?.total ?? 0}
            page={page}
            pageSize={pageSize}
            onPage={setPage}
            onPageSize={(size) => {
              setPageSize(size);
              setPage(1);
            }}
            totalLabel={t('total', { count: list.data?.total ?? 0 })}
          />
        </Stack>
      </Paper>
      {editing && <MemberFormModal opened member={editing.member} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
