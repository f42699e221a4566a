import { useState } from 'react';
import { ActionIcon, Badge, Button, Chip, Group, Menu, Paper, Select, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
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
import { SortHeader } from '../../components/sort-header.tsx';

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

  const sortProps = { sort, onSort: resetPage(setSort) };
  const items = list.data?.items ?? [];

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
          <Table.ScrollContainer minWidth={1300}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <SortHeader field="firstName" {...sortProps}>
                    {t('columns.name')}
                  </SortHeader>
                  <SortHeader field="phone" {...sortProps}>
                    {t('columns.phone')}
                  </SortHeader>
                  <Table.Th>{t('columns.tiktok')}</Table.Th>
                  <SortHeader field="status" {...sortProps}>
                    {t('columns.status')}
                  </SortHeader>
                  <Table.Th>{t('columns.bankStatus')}</Table.Th>
                  <SortHeader field="joinedAt" {...sortProps}>
                    {t('columns.joinedAt')}
                  </SortHeader>
                  <Table.Th>{t('columns.affiliatedWith')}</Table.Th>
                  <SortHeader field="creatorCount" {...sortProps}>
                    {t('columns.creators')}
                  </SortHeader>
                  <SortHeader field="commissionRateBps" {...sortProps}>
                    {t('columns.commission')}
                  </SortHeader>
                  <SortHeader field="diamonds" {...sortProps}>
                    {t('columns.diamonds')}
                  </SortHeader>
                  <SortHeader field="earningsCents" {...sortProps}>
                    {t('columns.earnings')}
                  </SortHeader>
                  <Table.Th>
                    <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((member) => (
                  <Table.Tr key={member.uid}>
                    <Table.Td>
                      <Text component={Link} to={`${PROFILE_PATH}?id=${member.uid}`} fw={600} size="sm" c="inherit">
                        {member.firstName} {member.lastName}
                      </Text>
                    </Table.Td>
                    <Table.Td>{member.phone ?? ''}</Table.Td>
                    <Table.Td>{member.tiktokUsernames.map((name) => `@${name}`).join(', ')}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOURS[member.status]} variant="light">
                        {t(statusLabelKey(member.status))}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={member.bankStatus === 'Verified' ? 'teal' : 'gray'} variant="dot">
                        {t(statusLabelKey(member.bankStatus))}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{format.date(member.joinedAt)}</Table.Td>
                    <Table.Td>{member.affiliatedWith ? `${member.affiliatedWith.firstName} ${member.affiliatedWith.lastName}` : ''}</Table.Td>
                    <Table.Td className="tabular">{format.number(member.creatorCount)}</Table.Td>
                    <Table.Td className="tabular">{member.commissionRateBps == null ? t('tiers') : format.percent(member.commissionRateBps / 100)}</Table.Td>
                    <Table.Td className="tabular">{format.number(member.diamonds)}</Table.Td>
                    <Table.Td className="tabular">{format.money(member.earningsCents)}</Table.Td>
                    <Table.Td>
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon variant="subtle" color="gray" aria-label={t('actions.menu', { name: `${member.firstName} ${member.lastName}` })}>
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
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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
