import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { REASON_MIN_LENGTH } from '@agency/shared';

export interface RejectDialogProps {
  applicantName: string;
  loading: boolean;
  onCancel(): void;
  onReject(reason: string): void;
}

/** Asks for the rejection reason; fewer than 10 characters shows the catalogue message. */
export function RejectDialog({ applicantName, loading, onCancel, onReject }: RejectDialogProps) {
  const { t } = useTranslation('review');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  function submit() {
    if (reason.trim().length < REASON_MIN_LENGTH) {
      setError(t('errors:REASON_TOO_SHORT'));
      return;
    }
    onReject(reason.trim());
  }
  return (
    <Modal opened onClose={onCancel} title={t('reject.title')} centered>
      <Stack>
        <Text size="sm">{t('reject.body', { name: applicantName })}</Text>
        <Textarea
          label={t('reject.reason')}
          description={t('reject.reasonHint')}
          autosize
          minRows={3}
          required
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(null);
          }}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button color="red" onClick={submit} loading={loading}>
            {t('reject.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
