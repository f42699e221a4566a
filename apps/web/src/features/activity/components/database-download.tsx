import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconDatabaseExport, IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { readSession } from '../../../lib/session.ts';

type Download = 'export.xlsx' | 'backup';

function fileNameOf(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/** Files need the token header, so they are fetched and handed to the browser as a blob. */
async function download(path: Download): Promise<void> {
  const session = readSession();
  let response: Response;
  try {
    response = await fetch(`/api/admin/${path}`, { headers: session ? { accesstoken: session.token } : {} });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'Network error');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { code?: ApiError['code']; message?: string } | null;
    throw new ApiError(response.status, body?.code ?? 'INTERNAL', body?.message ?? response.statusText);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, path === 'backup' ? 'backup.json' : 'export.xlsx');
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Database download (PRODUCT section 2): the .xlsx workbook and the full backup. Admins only. */
export function DatabaseDownload() {
  const { t } = useTranslation('activity');
  const [busy, setBusy] = useState<Download | null>(null);
  const start = (path: Download) => {
    setBusy(path);
    download(path)
      .catch(notifyError)
      .finally(() => setBusy(null));
  };
  return (
    <Group gap="sm">
      <Button
        variant="light"
        leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
        loading={busy === 'export.xlsx'}
        disabled={busy !== null && busy !== 'export.xlsx'}
        onClick={() => start('export.xlsx')}
      >
        {t('download.workbook')}
      </Button>
      <Button
        variant="default"
        leftSection={<IconDatabaseExport size={18} aria-hidden />}
        loading={busy === 'backup'}
        disabled={busy !== null && busy !== 'backup'}
        onClick={() => start('backup')}
      >
        {t('download.backup')}
      </Button>
    </Group>
  );
}
