import { Card, Stack, Switch, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MyProfile } from '@agency/shared';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useUpdateProfile } from './profile-api.ts';

/**
 * The daily brief by e-mail (`briefEmail` of `PUT /api/me/profile`): saved as soon as it is
 * switched, on its own, so it never sends the details form's fields. The brief always comes in the
 * app; without an e-mail address the switch says where to add one.
 */
export function BriefEmailCard({ profile }: { profile: MyProfile }) {
  const { t } = useTranslation('profile');
  const update = useUpdateProfile();
  const checked = update.isPending && update.variables?.briefEmail !== undefined ? update.variables.briefEmail : profile.briefEmail;

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('briefEmail.title')}
        </Title>
        <Switch
          size="md"
          label={t('briefEmail.label')}
          description={profile.email ? t('briefEmail.hint') : t('briefEmail.noEmail')}
          checked={checked}
          disabled={update.isPending}
          onChange={(event) =>
            update.mutate(
              { briefEmail: event.currentTarget.checked },
              { onSuccess: (answer) => notifySuccess(answer.messageCode ?? 'DETAILS_UPDATED'), onError: notifyError },
            )
          }
        />
      </Stack>
    </Card>
  );
}
