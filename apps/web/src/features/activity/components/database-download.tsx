import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconDatabaseExport, IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../lib/download.ts';
import { notifyError } from '../../../lib/notify.ts';

export type DatabaseDownloadKind = 'workbook' | 'backup';

const DOWNLOADS: Record<DatabaseDownloadKind, { path: string; fallbackName: string }> = {
  workbook: { path: '/admin/export.xlsx', fallbackName: 'export.xlsx' },
  backup: { path: '/admin/backup', fallbackName: 'backup.json' },
};

/** One download at a time: the button pressed shows that it works, the other waits. */
export function useDatabaseDownload() {
  const [busy, setBusy] = useState<DatabaseDownloadKind | null>(null);
  const start = (kind: DatabaseDownloadKind) => {
    setBusy(kind);
    downloadFile(DOWNLOADS[kind].path, DOWNLOADS[kind].fallbackName)
      .catch(notifyError)
      .finally(() => setBusy(null));
  };
  return { busy, start };
}

/** The button of one download (`GET /api/admin/export.xlsx` or `GET /api/admin/backup`). */
export function DatabaseDownloadButton({ kind, download }: { kind: DatabaseDownloadKind; download: ReturnType<typeof useDatabaseDownload> }) {
  const { t } = useTranslation('activity');
  return (
    <Button
      variant={kind === 'workbook' ? 'light' : 'default'}
      leftSection={kind === 'workbook' ? <IconFileSpreadsheet size={18} aria-hidden /> : <IconDatabaseExport size={18} aria-hidden />}
      loading={download.busy === kind}
      disabled={download.busy !== null && download.busy !== kind}
      onClick={() => download.start(kind)}
    >
      {t(kind === 'workbook' ? 'download.workbook' : 'download.backup')}
    </Button>
  );
}

/** Database download (docs/product.md §15): the .xlsx workbook and the full backup. Admins only. */
export function DatabaseDownload() {
  const download = useDatabaseDownload();
  return (
    <Group gap="sm">
      <DatabaseDownloadButton kind="workbook" download={download} />
      <DatabaseDownloadButton kind="backup" download={download} />
    </Group>
  );
}
