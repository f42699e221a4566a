import { useState } from 'react';
import { Button, Card, FileButton, Group, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MIME_TYPES, LOGO_MAX_BYTES } from '@agency/shared';
import { ErrorState } from '../../components/error-state.tsx';
import { confirmAction } from '../../lib/confirm.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useAuthorizedImage } from '../../lib/authorized-image.ts';
import { useAdminSettings, useDeleteInvoiceImage, useUploadInvoiceImage, type InvoiceImageKind } from './settings-api.ts';

/** Why a chosen file is refused before it is sent (the server checks the content again). */
function checkInvoiceImageFile(file: File): 'invoiceImage.errors.type' | 'invoiceImage.errors.size' | 'invoiceImage.errors.empty' | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return 'invoiceImage.errors.type';
  if (file.size === 0) return 'invoiceImage.errors.empty';
  if (file.size > LOGO_MAX_BYTES) return 'invoiceImage.errors.size';
  return null;
}

function InvoiceImageCard({ kind, imageUrl }: { kind: InvoiceImageKind; imageUrl: string | null }) {
  const { t } = useTranslation('settings');
  const upload = useUploadInvoiceImage(kind);
  const remove = useDeleteInvoiceImage(kind);
  const shown = useAuthorizedImage(imageUrl);
  const [problem, setProblem] = useState<string | null>(null);

  const choose = (file: File | null) => {
    if (!file) return;
    const refusal = checkInvoiceImageFile(file);
    if (refusal) return setProblem(t(refusal));
    setProblem(null);
    upload.mutate(file, { onSuccess: () => notifySuccess('DETAILS_UPDATED'), onError: notifyError });
  };

  const removeImage = async () => {
    if (!(await confirmAction())) return;
    remove.mutate(undefined, { onSuccess: () => notifySuccess('DETAILS_UPDATED'), onError: notifyError });
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t(`invoiceImage.${kind}.preview`)}
        </Title>
        {imageUrl ? (
          shown ? (
            <Image src={shown} alt={t(`invoiceImage.${kind}.alt`)} h={140} w="auto" fit="contain" bg="gray.0" radius="sm" p="xs" />
          ) : (
            <Skeleton height={140} radius="sm" />
          )
        ) : (
          <Text c="dimmed" size="sm">
            {t(`invoiceImage.${kind}.empty`)}
          </Text>
        )}
        <Group>
          <FileButton onChange={choose} accept="image/png,image/jpeg">
            {(props) => (
              <Button variant="default" leftSection={<IconUpload size={16} />} loading={upload.isPending} {...props}>
                {imageUrl ? t('invoiceImage.replace') : t('invoiceImage.upload')}
              </Button>
            )}
          </FileButton>
          {imageUrl ? (
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} loading={remove.isPending} onClick={() => void removeImage()}>
              {t('invoiceImage.remove')}
            </Button>
          ) : null}
        </Group>
        <Text size="xs" c={problem ? 'red' : 'dimmed'} role={problem ? 'alert' : undefined}>
          {problem ?? t('invoiceImage.hint')}
        </Text>
      </Stack>
    </Card>
  );
}

/** The stamp or the signature printed on generated invoices: preview, upload, remove. */
export function InvoiceImagePage({ kind }: { kind: InvoiceImageKind }) {
  const { t } = useTranslation('settings');
  const settings = useAdminSettings();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t(`invoiceImage.${kind}.title`)}
      </Title>
      <Text c="dimmed">{t(`invoiceImage.${kind}.description`)}</Text>
      {settings.isPending ? (
        <Skeleton height={240} radius="md" />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <InvoiceImageCard kind={kind} imageUrl={kind === 'stamp' ? settings.data.stampUrl : settings.data.signatureUrl} />
      )}
    </Stack>
  );
}
