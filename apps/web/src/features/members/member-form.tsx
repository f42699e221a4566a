import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isValidPhoneNumber } from 'libphonenumber-js';
import { useTranslation } from 'react-i18next';
import type { MemberListItem, MemberStatus } from '@agency/shared';
import { ApiError } from '../../lib/api-client.ts';
import { errorText, notifyError, notifySuccess } from '../../lib/notify.ts';
import { MemberSelect } from '../../components/member-select.tsx';
import { useSaveMember } from './members-api.ts';

const STATUSES: MemberStatus[] = ['active', 'pending', 'rejected', 'disabled'];
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface FormValues {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  status: MemberStatus;
  /** Percent as typed; stored as basis points (1% = 100). */
  commissionPercent: number | string;
  referredBy: string | null;
}

/** 2.5 (%) -> 250 (basis points); empty -> null (the tiers apply). */
function percentToBps(value: number | string): number | null {
  if (value === '' || value === null || value === undefined) return null;
  const number = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
  return Number.isFinite(number) ? Math.round(number * 100) : null;
}

function initialValues(member: MemberListItem | null): FormValues {
  return {
    firstName: member?.firstName ?? '',
    lastName: member?.lastName ?? '',
    phone: member?.phone ?? '',
    email: member?.email ?? '',
    status: member?.status ?? 'active',
    commissionPercent: member?.commissionRateBps == null ? '' : member.commissionRateBps / 100,
    referredBy: member?.referredBy ?? null,
  };
}

export interface MemberFormModalProps {
  opened: boolean;
  /** null creates a new member. */
  member: MemberListItem | null;
  onClose(): void;
}

/** Create or edit a member, with the server's answer shown on the field it concerns. */
export function MemberFormModal({ opened, member, onClose }: MemberFormModalProps) {
  const { t } = useTranslation('members');
  const save = useSaveMember();
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: initialValues(member),
    validate: {
      firstName: (value) => (value.trim() ? null : t('validation.required')),
      lastName: (value) => (value.trim() ? null : t('validation.required')),
      phone: (value) => (value.trim() && isValidPhoneNumber(value.trim(), 'TR') ? null : t('validation.phone')),
      email: (value) => (!value.trim() || EMAIL_PATTERN.test(value.trim()) ? null : t('validation.email')),
      commissionPercent: (value) => {
        const bps = percentToBps(value);
        if (value === '') return null;
        return bps !== null && bps >= 0 && bps <= 10_000 ? null : t('validation.commission');
      },
    },
  });

  const submit = form.onSubmit(async (values) => {
    const body = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      phone: values.phone.trim(),
      email: values.email.trim() || null,
      status: values.status,
      commissionRateBps: percentToBps(values.commissionPercent),
      referredBy: values.referredBy,
    };
    try {
      const answer = await save.mutateAsync({ id: member?.uid ?? null, values: body });
      notifySuccess(answer.messageCode ?? (member ? 'USER_UPDATED' : 'USER_CREATED'));
      onClose();
    } catch (error) {
      const field = error instanceof ApiError ? FIELD_OF_ERROR[error.code] : undefined;
      if (field) form.setFieldError(field, errorText(error));
      notifyError(error);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={member ? t('form.editTitle') : t('form.createTitle')} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('form.firstName')} required {...form.getInputProps('firstName')} />
            <TextInput label={t('form.lastName')} required {...form.getInputProps('lastName')} />
            <TextInput label={t('form.phone')} description={t('form.phoneHint')} required type="tel" {...form.getInputProps('phone')} />
            <TextInput label={t('form.email')} type="email" {...form.getInputProps('email')} />
            <Select
              label={t('form.status')}
              data={STATUSES.map((status) => ({ value: status, label: t(`common:status.${status}`) }))}
              allowDeselect={false}
              {...form.getInputProps('status')}
            />
            <NumberInput
              label={t('form.commission')}
              description={t('form.commissionHint')}
              min={0}
              max={100}
              decimalScale={2}
              suffix=" %"
              {...form.getInputProps('commissionPercent')}
            />
          </SimpleGrid>
          <MemberSelect
            label={t('form.referredBy')}
            placeholder={t('form.referredByPlaceholder')}
            value={form.values.referredBy}
            onChange={(value) => form.setFieldValue('referredBy', value)}
            current={member?.affiliatedWith ?? null}
            {...(member ? { excludeId: member.uid } : {})}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('common:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const FIELD_OF_ERROR: Partial<Record<string, keyof FormValues>> = {
  PHONE_INVALID: 'phone',
  PHONE_ALREADY_REGISTERED: 'phone',
  EMAIL_ALREADY_REGISTERED: 'email',
  MEMBER_REFERENCE_INVALID: 'referredBy',
};
