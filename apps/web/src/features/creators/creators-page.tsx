import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Button, Chip, Group, Menu, Paper, Select, Stack, Table, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDots, IconEye, IconPencil, IconPlayerPause, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { REQUIREMENT_FILTERS, type CreatorListItem, type CreatorStatus, type RequirementFilter } from '@agency/shared';
import { confirmAction } from '../../lib/confirm.ts';
import { useFormatters } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { statusLabelKey } from '../../lib/status.ts';
import { MemberSelect } from '../../components/member-select.tsx';
import { RequirementBadge } from '../../components/requirement-badge.tsx';
import { CreatorFormModal } from './creator-form.tsx';
import { useCreatorList, useDeleteCreator, type CreatorListParams } from './creators-api.ts';
import { ListFooter, ListState } from '../../components/list-parts.tsx';
import { SortHeader } from '../../components/sort-header.tsx';

const STATUS_FILTERS: (CreatorStatus | 'all')[] = ['all', 'active', 'pending', 'inactive', 'rejected'];
export const STATUS_COLOURS: Record<CreatorStatus, string> = { active: 'teal', pending: 'yellow', inactive: 'gray', rejected: 'red' };
const DETAILS_PATH = '/app/mydesk/details';
const MEMBER_PATH = '/app/mydesk/usersProfile';

function isRequirementFilter(value: string | null): value is RequirementFilter {
  return value !== null && (REQUIREMENT_FILTERS as readonly string[]).includes(value);
}

/** `/app/mydesk/creatorPage`: every creator with this month's figures. */
export default function CreatorsPage() {
  const { t } = useTranslation('creators');
  const format = useFormatters();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<CreatorStatus | 'all'>('all');
  const [affiliateId, setAffiliateId] = useState<string | null>(null);
  // `?requirement=atRiskOrFailing` (the dashboard links here): the filter lives in the address.
  const [searchParams, setSearchParams] = useSearchParams();
  const requirementParam = searchParams.get('requirement');
  const requirement = isRequirementFilter(requirementParam) ? requirementParam : null;
  const [sort, setSort] = useState('-joinedAt');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [editing, setEditing] = useState<{ creator: CreatorListItem | null; deactivate?: boolean } | null>(null);
  const list = useCreatorList({
    q: q || undefined,
    status: status === 'all' ? undefined : status,
    affiliateId: affiliateId ?? undefined,
    requirement: requirement ?? undefined,
    sort: sort as CreatorListParams['sort'],
    page,
    pageSize,
  });
  const remove = useDeleteCreator();

  async function deleteCreator(creator: CreatorListItem) {
    if (!(await confirmAction())) return;
    try {
      const answer = await remove.mutateAsync(creator.id);
      notifySuccess(answer.messageCode ?? 'CREATOR_DELETED');
    } catch (error) {
      notifyError(error);
    }
  }

  const sortProps = { sort, onSort: (value: string) => (setSort(value), setPage(1)) };
  const items = list.data?.items ?? [];

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
              onChange={(value) => {
                setSearchParams(
                  (current) => {
                    const next = new URLSearchParams(current);
                    if (value) next.set('requirement', value);
                    else next.delete('requirement');
                    return next;
                  },
                  { replace: true },
                );
                setPage(1);
              }}
              w={220}
            />
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
          <Table.ScrollContainer minWidth={1240}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <SortHeader field="tiktokUsername" {...sortProps}>
                    {t('columns.tiktokUsername')}
                  </SortHeader>
                  <SortHeader field="name" {...sortProps}>
                    {t('columns.name')}
                  </SortHeader>
                  <SortHeader field="status" {...sortProps}>
                    {t('columns.status')}
                  </SortHeader>
                  <Table.Th>{t('columns.affiliate')}</Table.Th>
                  <SortHeader field="diamonds" {...sortProps}>
                    {t('columns.diamonds')}
                  </SortHeader>
                  <SortHeader field="validDays" {...sortProps}>
                    {t('columns.validDays')}
                  </SortHeader>
                  <SortHeader field="liveSeconds" {...sortProps}>
                    {t('columns.liveDuration')}
                  </SortHeader>
                  <SortHeader field="matches" {...sortProps}>
                    {t('columns.matches')}
                  </SortHeader>
                  <SortHeader field="lastLiveAt" {...sortProps}>
                    {t('columns.lastLive')}
                  </SortHeader>
                  <Table.Th>{t('columns.requirement')}</Table.Th>
                  <SortHeader field="joinedAt" {...sortProps}>
                    {t('columns.joinedAt')}
                  </SortHeader>
                  <Table.Th>
                    <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((creator) => (
                  <Table.Tr key={creator.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`${DETAILS_PATH}?id=${creator.id}`} fw={600} size="sm">
                        @{creator.tiktokUsername}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{creator.name}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOURS[creator.status]} variant="light">
                        {t(statusLabelKey(creator.status))}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {creator.affiliate && (
                        <Anchor component={Link} to={`${MEMBER_PATH}?id=${creator.affiliate.uid}`} size="sm">
                          {creator.affiliate.firstName} {creator.affiliate.lastName}
                        </Anchor>
                      )}
                    </Table.Td>
                    <Table.Td className="tabular">{format.number(creator.diamonds)}</Table.Td>
                    <Table.Td className="tabular">{format.number(creator.validDays)}</Table.Td>
                    <Table.Td className="tabular">{format.duration(creator.liveSeconds)}</Table.Td>
                    <Table.Td className="tabular">{format.number(creator.matches)}</Table.Td>
                    <Table.Td>{format.dateTime(creator.lastLiveAt)}</Table.Td>
                    <Table.Td>
                      <RequirementBadge state={creator.requirementState} />
                    </Table.Td>
                    <Table.Td>{format.date(creator.joinedAt)}</Table.Td>
                    <Table.Td>
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
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListState query={list} isEmpty={items.length === 0} isFiltered={Boolean(q) || status !== 'all' || affiliateId !== null || requirement !== null} />
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
