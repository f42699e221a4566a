import { SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { nameInitials } from '@agency/shared';
import { ErrorState } from '../../components/error-state.tsx';
import { useFormatters } from '../../lib/format.ts';
import { AvatarCard } from './avatar-card.tsx';
import { BankForm } from './bank-form.tsx';
import { useMyProfile } from './profile-api.ts';

/** `/app/profiledata/profile`: own picture and bank details. */
export default function ProfilePage() {
  const { t } = useTranslation('profile');
  const profile = useMyProfile();
  const { locale } = useFormatters();

  if (profile.isPending) {
    return (
      <Stack gap="md">
        <Skeleton height={140} radius="md" />
        <Skeleton height={420} radius="md" />
      </Stack>
    );
  }
  if (profile.isError) return <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />;

  const data = profile.data;
  const initials = nameInitials(data.firstName, data.lastName, locale);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('profilePage.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <AvatarCard avatarUrl={data.avatarUrl} initials={initials} />
        {/* Remounts with fresh values after a save so the form shows what was stored. */}
        <BankForm key={`${data.bank?.iban ?? ''}-${data.bankStatus}`} bank={data.bank} bankStatus={data.bankStatus} />
      </SimpleGrid>
    </Stack>
  );
}
