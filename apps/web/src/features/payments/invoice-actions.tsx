import { useState } from 'react';
import { Badge, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileUpload, IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Payment } from '@agency/shared';
import { ApiError } from '../../lib/api-client.ts';
import { downloadFile } from '../../lib/download.ts';
import { errorText, notifyError, notifySuccess } from '../../lib/notify.ts';
import { INVOICE_ACCEPT, invoiceFileProblem } from './invoice-file.ts';
import { useInvoicePreference } from './payments-api.ts';

/** The file name offered when the server does not name the invoice. */
function invoiceFileName(payment: Pick<Payment, 'id' | 'invoiceNumber'>): string {
  return `invoice-${payment.invoiceNumber ?? payment.id.slice(0, 8)}.pdf`;
}

/**
 * The member's invoice of one payment: which one is used (default or custom), its download, a
 * custom upload (PDF/JPG/PNG, at most 5 MB, checked here before sending) and the switch back.
 */
export function InvoiceActions({ payment, canChange = true }: { payment: Payment; canChange?: boolean }) {
  const { t } = useTranslation('payments');
  const preference = useInvoicePreference();
  const [problem, setProblem] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const busy = preference.isPending && preference.variables?.id === payment.id;

  async function upload(file: File | null) {
    if (!file) return;
    const code = invoiceFileProblem(file);
    if (code) {
      setProblem(errorText(new ApiError(code === 'FILE_TOO_LARGE' ? 413 : 415, code, '')));
      return;
    }
    setProblem(null);
    try {
      const answer = await preference.mutateAsync({ id: payment.id, file });
      notifySuccess(answer.messageCode ?? 'INVOICE_CUSTOM_SET');
    } catch (error) {
      // A full invoice storage (the member's quota) stays visible beside the button, not only in a toast.
      if (error instanceof ApiError && error.code === 'INVOICE_STORAGE_FULL') setProblem(errorText(error));
      notifyError(error instanceof ApiError && error.code !== 'NETWORK_ERROR' ? error : new ApiError(0, 'INVOICE_UPLOAD_FAILED', ''));
    }
  }

  async function switchToDefault() {
    setProblem(null);
    try {
      const answer = await preference.mutateAsync({ id: payment.id, file: null });
      notifySuccess(answer.messageCode ?? 'INVOICE_DEFAULT_SET');
    } catch (error) {
      notifyError(error instanceof ApiError && error.code !== 'NETWORK_ERROR' ? error : new ApiError(0, 'INVOICE_PREFERENCE_FAILED', ''));
    }
  }

  function download() {
    setDownloading(true);
    downloadFile(`/me/payments/${payment.id}/invoice`, invoiceFileName(payment))
      .catch(notifyError)
      .finally(() => setDownloading(false));
  }

  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed">
          {t('invoice.label')}
        </Text>
        <Badge variant="outline" color={payment.invoicePreference === 'custom' ? 'violet' : 'gray'} style={{ textTransform: 'none' }}>
          {t(`invoice.${payment.invoicePreference}`)}
        </Badge>
        {payment.invoiceNumber ? (
          <Text size="sm" ff="monospace">
            {payment.invoiceNumber}
          </Text>
        ) : null}
      </Group>
      <Group gap="xs" wrap="wrap">
        <Button size="xs" variant="light" leftSection={<IconDownload size={14} aria-hidden />} loading={downloading} onClick={download}>
          {t('invoice.download')}
        </Button>
        {canChange && (
          <FileButton onChange={(file) => void upload(file)} accept={INVOICE_ACCEPT}>
            {(props) => (
              <Button {...props} size="xs" variant="default" leftSection={<IconFileUpload size={14} aria-hidden />} loading={busy && preference.variables?.file !== null}>
                {payment.invoicePreference === 'custom' ? t('invoice.replace') : t('invoice.upload')}
              </Button>
            )}
          </FileButton>
        )}
        {canChange && payment.invoicePreference === 'custom' && (
          <Button size="xs" variant="subtle" leftSection={<IconRestore size={14} aria-hidden />} loading={busy && preference.variables?.file === null} onClick={() => void switchToDefault()}>
            {t('invoice.useDefault')}
          </Button>
        )}
      </Group>
      {canChange && (
        <Text size="xs" c="dimmed">
          {t('invoice.rules')}
        </Text>
      )}
      {problem ? (
        <Text size="sm" c="red" role="alert">
          {problem}
        </Text>
      ) : null}
    </Stack>
  );
}
