import { useState } from 'react';
import { Button, Card, Radio, Stack, Group, Textarea, TextInput, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MemberMultiSelect } from '../../components/member-multi-select.tsx';
import { confirmAction } from '../../lib/confirm.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useSendNotification } from './notifications-api.ts';

type Audience = 'all' | 'chosen';

/** Title, message and audience (every active member, or the chosen ones), sent after a confirmation. */
export function NotificationForm() {
  const { t } = useTranslation('notifications');
  const send = useSendNotification();
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [audience, setAudience] = useState<Audience>('all');
  const [memberIds, setMemberIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ title?: string; message?: string; members?: string }>({});

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const problems = {
      ...(title.trim() ? {} : { title: t('form.required') }),
      ...(message.trim() ? {} : { message: t('form.required') }),
      ...(audience === 'chosen' && memberIds.length === 0 ? { members: t('form.membersRequired') } : {}),
    };
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const confirmed = await confirmAction({
      title: t('form.confirmTitle'),
      body: audience === 'all' ? t('form.confirmAll') : t('form.confirmChosen', { count: memberIds.length }),
      confirmLabel: t('form.submit'),
      destructive: false,
    });
    if (!confirmed) return;
    try {
      const answer = await send.mutateAsync({
        title: title.trim(),
        message: message.trim(),
        ...(audience === 'chosen' ? { memberIds } : {}),
      });
      notifySuccess(answer.messageCode ?? 'NOTIFICATION_CREATED');
      setTitle('');
      setMessage('');
      setMemberIds([]);
    } catch (error) {
      notifyError(error);
    }
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="notification-form-title">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="notification-form-title">
            {t('form.title')}
          </Title>
          <TextInput
            label={t('form.titleLabel')}
            required
            maxLength={120}
            value={title}
            error={errors.title}
            onChange={(event) => {
              setTitle(event.currentTarget.value);
              setErrors((current) => ({ ...current, title: undefined }));
            }}
          />
          <Textarea
            label={t('form.message')}
            required
            autosize
            minRows={3}
            maxLength={2000}
            value={message}
            error={errors.message}
            onChange={(event) => {
              setMessage(event.currentTarget.value);
              setErrors((current) => ({ ...current, message: undefined }));
            }}
          />
          <Radio.Group label={t('form.audience')} value={audience} onChange={(value) => setAudience(value as Audience)}>
            <Group gap="lg" mt={6}>
              <Radio value="all" label={t('form.audienceAll')} />
              <Radio value="chosen" label={t('form.audienceChosen')} />
            </Group>
          </Radio.Group>
          {audience === 'chosen' && (
            <MemberMultiSelect
              label={t('form.members')}
              placeholder={t('form.membersPlaceholder')}
              required
              value={memberIds}
              error={errors.members}
              onChange={(value) => {
                setMemberIds(value);
                setErrors((current) => ({ ...current, members: undefined }));
              }}
            />
          )}
          <Button type="submit" leftSection={<IconSend size={18} aria-hidden />} loading={send.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('form.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
