import { useState } from 'react';
import { Anchor, Group, Stack, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataList, type DataColumn } from '../../components/data-list.tsx';
import { ListFooter, ListState } from '../../components/list-parts.tsx';
import { downloadFile } from '../../lib/download.ts';
import { useFormatters } from '../../lib/format.ts';
import { notifyError } from '../../lib/notify.ts';
import type { UploadHistoryItem } from '@agency/shared';
import { useUploadHistory } from './uploads-api.ts';

/** The committed uploads, newest first, each with its original file when it was kept. */
export function UploadHistory() {
  const { t } = useTranslation('uploads');
  const format = useFormatters();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const history = useUploadHistory(page, pageSize);
  const items = history.data?.items ?? [];
  const columns: DataColumn<UploadHistoryItem>[] = [
    { key: 'when', label: t('history.when'), priority: 2, cell: (item) => format.dateTime(item.createdAt) },
    { key: 'who', label: t('history.who'), priority: 3, cell: (item) => (item.uploadedBy ? `${item.uploadedBy.firstName} ${item.uploadedBy.lastName}` : '—') },
    {
      key: 'file',
      label: t('history.file'),
      wrap: true,
      cell: (item) =>
        item.hasFile ? (
          <Anchor
            component="button"
            type="button"
            size="sm"
            ta="start"
            aria-label={t('history.download', { name: item.fileName })}
            onClick={() => downloadFile(`/admin/uploads/${item.id}/file`, item.fileName).catch(notifyError)}
          >
            <Group gap={4} wrap="nowrap" align="flex-start">
              <IconDownload size={14} aria-hidden style={{ flex: 'none', marginTop: 3 }} />
              <span>{item.fileName}</span>
            </Group>
          </Anchor>
        ) : (
          item.fileName
        ),
    },
    { key: 'period', label: t('history.period'), card: 'title', cell: (item) => format.monthLabel(item.period) },
    { key: 'asOf', label: t('history.asOf'), priority: 1, cell: (item) => format.day(item.asOf) },
    { key: 'imported', label: t('report.imported'), numeric: true, cell: (item) => format.number(item.imported) },
    { key: 'created', label: t('report.created'), numeric: true, priority: 4, cell: (item) => format.number(item.created) },
    { key: 'skipped', label: t('report.skipped'), numeric: true, priority: 4, cell: (item) => format.number(item.skipped) },
    { key: 'missing', label: t('report.missing'), numeric: true, priority: 4, cell: (item) => format.number(item.missing) },
  ];
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('history.title')}
      </Title>
      <ListState query={history} isEmpty={items.length === 0} isFiltered={false} />
      {items.length > 0 && <DataList rows={items} rowKey={(item) => item.id} rowLabel={(item) => format.monthLabel(item.period)} columns={columns} />}
      {history.data && history.data.total > 0 && (
        <ListFooter
          total={history.data.total}
          page={page}
          pageSize={pageSize}
          onPage={setPage}
          onPageSize={(size) => {
            setPageSize(size);
            setPage(1);
          }}
          totalLabel={t('history.total', { count: history.data.total })}
        />
      )}
    </Stack>
  );
}
