import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../../components/reason-dialog.tsx';

export interface RejectDialogProps {
  applicantName: string;
  loading: boolean;
  onCancel(): void;
  onReject(reason: string): void;
}

/** Asks for the rejection reason of an application; fewer than 10 characters shows the catalogue message. */
export function RejectDialog({ applicantName, loading, onCancel, onReject }: RejectDialogProps) {
  const { t } = useTranslation('review');
  return (
    <ReasonDialog
      title={t('reject.title')}
      body={t('reject.body', { name: applicantName })}
      reasonLabel={t('reject.reason')}
      reasonHint={t('reject.reasonHint')}
      confirmLabel={t('reject.confirm')}
      loading={loading}
      onCancel={onCancel}
      onConfirm={onReject}
    />
  );
}
