import { Skeleton, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/error-state.tsx';
import { BriefEmailCard } from './brief-email-card.tsx';
import { MyCreatorsList } from './my-creators-list.tsx';
import { MyDetailsForm } from './my-details-form.tsx';
import { useMyProfile } from './profile-api.ts';
import { ReferralLinkCard } from '../../components/referral-link-card.tsx';

/** `/app/setting/myinformation`: own details, the daily brief by e-mail, referral link (while referrals are on), own creators. */
export default function MyInformationPage() {
  const { t } = useTranslation('profile');
  const profile = useMyProfile();

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('myInformation.title')}
      </Title>
      {profile.isPending ? (
        <Skeleton height={360} radius="md" />
      ) : profile.isError ? (
        <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <>
          {profile.data.referralsEnabled && profile.data.referralLink ? <ReferralLinkCard link={profile.data.referralLink} /> : null}
          <MyDetailsForm profile={profile.data} />
          <BriefEmailCard profile={profile.data} />
        </>
      )}
      <MyCreatorsList />
    </Stack>
  );
}
