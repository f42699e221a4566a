import { useState } from 'react';
import { Anchor, Group, Stack, Table, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ListFooter, ListState } from '../../components/list-parts.tsx';
import { downloadFile } from '../../lib/download.ts';
import { useFormatters } from '../../lib/format.ts';
import { notifyError } from '../../lib/notify.ts';
import { useUploadHistory } from './uploads-api.ts';

/** The committed uploads, newest first, each with its original file when it was kept. */
export function UploadHistory() {
  const { t } = useTranslation('uploads');
  const format = useFormatters();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const history = useUploadHistory(page, pageSize);
  const items = history.data?.items ?? [];
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('history.title')}
      </Title>
      <ListState query={history} isEmpty={items.length === 0} isFiltered={false} />
      {items.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('history.when')}</Table.Th>
                <Table.Th>{t('history.who')}</Table.Th>
                <Table.Th>{t('history.file')}</Table.Th>
                <Table.Th>{t('history.period')}</Table.Th>
                <Table.Th>{t('history.asOf')}</Table.Th>
                <Table.Th>{t('report.imported')}</Table.Th>
                <Table.Th>{t('report.created')}</Table.Th>
                <Table.Th>{t('report.skipped')}</Table.Th>
                <Table.Th>{t('report.missing')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>{format.dateTime(item.createdAt)}</Table.Td>
                  <Table.Td>{item.uploadedBy ? `${item.uploadedBy.firstName} ${item.uploadedBy.lastName}` : '—'}</Table.Td>
                  <Table.Td>
                    {item.hasFile ? (
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        aria-label={t('history.download', { name: item.fileName })}
                        onClick={() => downloadFile(`/admin/uploads/${item.id}/file`, item.fileName).catch(notifyError)}
                      >
                        <Group gap={4} wrap="nowrap">
                          <IconDownload size={14} aria-hidden />
                          {item.fileName}
                        </Group>
                      </Anchor>
                    ) : (
                      item.fileName
                    )}
                  </Table.Td>
                  <Table.Td>{format.month(item.period)}</Table.Td>
                  <Table.Td>{format.day(item.asOf)}</Table.Td>
                  <Table.Td>{format.number(item.imported)}</Table.Td>
                  <Table.Td>{format.number(item.created)}</Table.Td>
                  <Table.Td>{format.number(item.skipped)}</Table.Td>
                  <Table.Td>{format.number(item.missing)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
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
