import { useState } from 'react';
import { Anchor, Button, Group, Pagination, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ApplicationReviewItem } from '@agency/shared';
import { DataList, type DataColumn } from '../../components/data-list.tsx';
import { usePaginationFit } from '../../components/list-parts.tsx';
import { useFormatters } from '../../lib/format.ts';
import { errorText, notifyError, notifySuccess } from '../../lib/notify.ts';
import { usePendingApplications, useReviewApplication } from './applications-review-api.ts';
import { RejectDialog } from './reject-dialog.tsx';
import { formatPhone } from '../../lib/phone-format.ts';

const PAGE_SIZE = 20;
const MEMBER_PATH = '/app/mydesk/usersProfile';

/** `/app/mydesk/admin`: pending applications, approved or rejected with a reason. */
export default function ApplicationsReviewPage() {
  const { t } = useTranslation('review');
  const format = useFormatters();
  const [page, setPage] = useState(1);
  const list = usePendingApplications(page, PAGE_SIZE);
  const review = useReviewApplication();
  const [rejecting, setRejecting] = useState<ApplicationReviewItem | null>(null);
  const pagination = usePaginationFit();

  async function decide(item: ApplicationReviewItem, action: 'approve' | 'reject', reason?: string) {
    try {
      const answer = await review.mutateAsync({ id: item.id, action, ...(reason ? { reason } : {}) });
      notifySuccess(answer.messageCode ?? (action === 'approve' ? 'APPLICATION_APPROVED' : 'APPLICATION_REJECTED'));
      setRejecting(null);
    } catch (error) {
      notifyError(error);
    }
  }

  const items = list.data?.items ?? [];
  const columns: DataColumn<ApplicationReviewItem>[] = [
    {
      key: 'name',
      label: t('columns.name'),
      card: 'title',
      cell: (item) => (
        <Anchor component={Link} to={`${MEMBER_PATH}?id=${item.id}`} size="sm" fw={600}>
          {item.member.firstName} {item.member.lastName}
        </Anchor>
      ),
    },
    { key: 'phone', label: t('columns.phone'), priority: 2, cell: (item) => formatPhone(item.member.phone) },
    { key: 'tiktokUsername', label: t('columns.tiktokUsername'), priority: 1, cell: (item) => (item.creator ? `@${item.creator.tiktokUsername}` : '') },
    {
      key: 'referrer',
      label: t('columns.referrer'),
      priority: 3,
      cell: (item) =>
        item.referrer ? (
          <Anchor component={Link} to={`${MEMBER_PATH}?id=${item.referrer.uid}`} size="sm">
            {item.referrer.firstName} {item.referrer.lastName}
          </Anchor>
        ) : (
          ''
        ),
    },
    { key: 'date', label: t('columns.date'), priority: 4, cell: (item) => format.dateTime(item.submittedAt) },
    {
      key: 'decision',
      label: t('columns.decision'),
      card: 'actions',
      cell: (item) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            color="teal.9"
            leftSection={<IconCheck size={14} aria-hidden />}
            onClick={() => void decide(item, 'approve')}
            loading={review.isPending && review.variables?.id === item.id && review.variables.action === 'approve'}
          >
            {t('approve')}
          </Button>
          <Button size="xs" color="red" variant="light" leftSection={<IconX size={14} aria-hidden />} onClick={() => setRejecting(item)}>
            {t('reject.action')}
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <Paper withBorder radius="lg" p="md">
        {list.isPending ? (
          <Skeleton height={160} />
        ) : list.isError ? (
          <Stack align="center" role="alert">
            <Text>{errorText(list.error)}</Text>
            <Button variant="light" onClick={() => void list.refetch()}>
              {t('common:actions.retry')}
            </Button>
          </Stack>
        ) : items.length === 0 ? (
          <Stack align="center" gap={4} py="lg">
            <Text fw={600}>{t('empty.title')}</Text>
            <Text c="dimmed">{t('empty.body')}</Text>
          </Stack>
        ) : (
          <Stack>
            <DataList
              rows={items}
              rowKey={(item) => item.id}
              rowLabel={(item) => `${item.member.firstName} ${item.member.lastName}`}
              columns={columns}
            />
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {t('total', { count: list.data?.total ?? 0 })}
              </Text>
              <Pagination
                total={Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE))}
                value={page}
                onChange={setPage}
                size="sm"
                {...pagination}
                getControlProps={(control) => ({ 'aria-label': t(`common:pagination.${control}`) })}
              />
            </Group>
          </Stack>
        )}
      </Paper>
      {rejecting && (
        <RejectDialog
          applicantName={`${rejecting.member.firstName} ${rejecting.member.lastName}`}
          loading={review.isPending}
          onCancel={() => setRejecting(null)}
          onReject={(reason) => void decide(rejecting, 'reject', reason)}
        />
      )}
    </Stack>
  );
}
