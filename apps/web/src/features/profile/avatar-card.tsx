import { useEffect, useMemo, useState } from 'react';
import { Avatar, Button, Card, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_BYTES, IMAGE_MIME_TYPES } from '@agency/shared';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useAuthorizedImage } from '../../lib/authorized-image.ts';
import { useUploadAvatar } from './profile-api.ts';

/** A type and size check before uploading; the server checks the content again. */
function checkAvatarFile(file: File): 'avatar.errors.type' | 'avatar.errors.size' | 'avatar.errors.empty' | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return 'avatar.errors.type';
  if (file.size === 0) return 'avatar.errors.empty';
  if (file.size > AVATAR_MAX_BYTES) return 'avatar.errors.size';
  return null;
}

export function AvatarCard({ avatarUrl, initials }: { avatarUrl: string | null; initials: string }) {
  const { t } = useTranslation('profile');
  const upload = useUploadAvatar();
  const stored = useAuthorizedImage(avatarUrl);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const choose = (chosen: File | null) => {
    if (!chosen) return;
    const error = checkAvatarFile(chosen);
    setProblem(error ? t(error) : null);
    setFile(error ? null : chosen);
  };

  const save = () => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => {
        notifySuccess('DETAILS_UPDATED');
        setFile(null);
      },
      onError: notifyError,
    });
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('avatar.title')}
        </Title>
        <Group wrap="nowrap" align="center">
          <Avatar src={preview ?? stored} size={96} radius={96} alt={t('avatar.alt')} color="pink">
            {initials}
          </Avatar>
          <Stack gap={6}>
            <Group gap="xs">
              <FileButton onChange={choose} accept="image/png,image/jpeg">
                {(props) => (
                  <Button variant="default" leftSection={<IconUpload size={16} />} {...props}>
                    {t('avatar.choose')}
                  </Button>
                )}
              </FileButton>
              {file ? (
                <Button onClick={save} loading={upload.isPending}>
                  {t('avatar.upload')}
                </Button>
              ) : null}
            </Group>
            <Text size="xs" c={problem ? 'red' : 'dimmed'} role={problem ? 'alert' : undefined}>
              {problem ?? t('avatar.hint')}
            </Text>
          </Stack>
        </Group>
      </Stack>
    </Card>
  );
}
