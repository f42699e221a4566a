import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { isValidTiktokUsername, normalizeTiktokUsername, REASON_MIN_LENGTH, type CreatorListItem, type CreatorStatus } from '@agency/shared';
import { ApiError } from '../../lib/api-client.ts';
import { errorText, notifyError, notifySuccess } from '../../lib/notify.ts';
import { MemberSelect } from '../../components/member-select.tsx';
import { DateField } from '../../components/date-field.tsx';
import { useSaveCreator } from './creators-api.ts';

const STATUSES: CreatorStatus[] = ['active', 'pending', 'inactive', 'rejected'];
const NEEDS_REASON = new Set<CreatorStatus>(['inactive', 'rejected']);

interface FormValues {
  tiktokUsername: string;
  name: string;
  phone: string;
  status: CreatorStatus;
  reason: string;
  affiliateId: string | null;
  ownerId: string | null;
  agencyCenterCode: string;
  joinedAt: string;
}

export interface CreatorFormModalProps {
  opened: boolean;
  creator: CreatorListItem | null;
  /** Opens the form to deactivate: status inactive, the reason field first. */
  deactivate?: boolean;
  onClose(): void;
}

/** Create or edit a creator; deactivating or rejecting needs a reason of 10+ characters. */
export function CreatorFormModal({ opened, creator, deactivate = false, onClose }: CreatorFormModalProps) {
  const { t } = useTranslation('creators');
  const save = useSaveCreator();
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: {
      tiktokUsername: creator?.tiktokUsername ?? '',
      name: creator?.name ?? '',
      phone: creator?.phone ?? '',
      status: deactivate ? 'inactive' : (creator?.status ?? 'active'),
      reason: deactivate ? '' : (creator?.reason ?? ''),
      affiliateId: creator?.affiliateId ?? null,
      ownerId: creator?.ownerId ?? null,
      agencyCenterCode: creator?.agencyCenterCode ?? '',
      joinedAt: (creator?.joinedAt ?? new Date().toISOString()).slice(0, 10),
    },
    validate: {
      tiktokUsername: (value) => (isValidTiktokUsername(normalizeTiktokUsername(value)) ? null : t('errors:TIKTOK_USERNAME_INVALID')),
      reason: (value, values) =>
        NEEDS_REASON.has(values.status) && values.status !== creator?.status && value.trim().length < REASON_MIN_LENGTH
          ? t('errors:REASON_TOO_SHORT')
          : NEEDS_REASON.has(values.status) && !creator && value.trim().length < REASON_MIN_LENGTH
            ? t('errors:REASON_TOO_SHORT')
            : null,
      joinedAt: (value) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? null : t('validation.date')),
    },
  });

  const submit = form.onSubmit(async (values) => {
    const body = {
      tiktokUsername: values.tiktokUsername,
      name: values.name.trim(),
      phone: values.phone.trim() || null,
      status: values.status,
      reason: values.reason.trim() || null,
      affiliateId: values.affiliateId,
      ownerId: values.ownerId,
      agencyCenterCode: values.agencyCenterCode.trim() || null,
      joinedAt: values.joinedAt,
    };
    try {
      const answer = await save.mutateAsync({ id: creator?.id ?? null, values: body });
      notifySuccess(answer.messageCode ?? (creator ? 'DETAILS_UPDATED' : 'DATA_ADDED'));
      onClose();
    } catch (error) {
      const field = error instanceof ApiError ? FIELD_OF_ERROR[error.code] : undefined;
      if (field) form.setFieldError(field, errorText(error));
      notifyError(error);
    }
  });

  const title = deactivate ? t('form.deactivateTitle') : creator ? t('form.editTitle') : t('form.createTitle');
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          {!deactivate && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('form.tiktokUsername')} description={t('form.tiktokHint')} required {...form.getInputProps('tiktokUsername')} />
              <TextInput label={t('form.name')} {...form.getInputProps('name')} />
              <TextInput label={t('form.phone')} type="tel" {...form.getInputProps('phone')} />
              <Select
                label={t('form.status')}
                data={STATUSES.map((status) => ({ value: status, label: t(`common:status.${status}`) }))}
                allowDeselect={false}
                {...form.getInputProps('status')}
              />
              <TextInput label={t('form.agencyCenterCode')} {...form.getInputProps('agencyCenterCode')} />
              <DateField
                label={t('form.joinedAt')}
                value={form.values.joinedAt}
                onChange={(joinedAt) => form.setFieldValue('joinedAt', joinedAt)}
                error={form.errors.joinedAt}
              />
            </SimpleGrid>
          )}
          {!deactivate && (
            <MemberSelect
              label={t('form.affiliate')}
              description={t('form.affiliateHint')}
              placeholder={t('form.memberPlaceholder')}
              value={form.values.affiliateId}
              onChange={(value) => form.setFieldValue('affiliateId', value)}
              current={creator?.affiliate ?? null}
              error={form.errors.affiliateId}
            />
          )}
          {!deactivate && (
            <MemberSelect
              label={t('form.owner')}
              placeholder={t('form.memberPlaceholder')}
              value={form.values.ownerId}
              onChange={(value) => form.setFieldValue('ownerId', value)}
              current={creator?.owner ?? null}
              error={form.errors.ownerId}
            />
          )}
          {(deactivate || NEEDS_REASON.has(form.values.status)) && (
            <Textarea label={t('form.reason')} description={t('form.reasonHint')} autosize minRows={2} required {...form.getInputProps('reason')} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} color={deactivate ? 'red' : undefined}>
              {deactivate ? t('actions.deactivate') : t('common:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const FIELD_OF_ERROR: Partial<Record<string, keyof FormValues>> = {
  TIKTOK_USERNAME_INVALID: 'tiktokUsername',
  TIKTOK_USERNAME_TAKEN: 'tiktokUsername',
  PHONE_INVALID: 'phone',
  REASON_TOO_SHORT: 'reason',
  MEMBER_REFERENCE_INVALID: 'affiliateId',
};
