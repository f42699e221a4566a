import { Button, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconDeviceMobileMessage, IconLogin2, IconUserSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { StatusView } from '../auth/index.ts';

/** After a confirmed application: the heading "Application Submitted!" and what happens next. */
export function ApplicationSuccess({ firstName }: { firstName: string }) {
  const { t } = useTranslation('apply');
  const steps = [
    { key: 'review', icon: <IconUserSearch size={16} /> },
    { key: 'sms', icon: <IconDeviceMobileMessage size={16} /> },
    { key: 'signIn', icon: <IconLogin2 size={16} /> },
  ] as const;
  return (
    <StatusView icon={<IconCircleCheck size={36} />} title={t('success.title')} text={t('success.lead', { name: firstName })}>
      <Stack gap="sm" w="100%" ta="left" mt="sm">
        <Title order={2} size="h4">
          {t('success.nextTitle')}
        </Title>
        <List spacing="sm" center>
          {steps.map((step) => (
            <List.Item
              key={step.key}
              icon={
                <ThemeIcon size={28} radius="xl" variant="light" aria-hidden>
                  {step.icon}
                </ThemeIcon>
              }
            >
              <Text size="sm">{t(`success.next.${step.key}`)}</Text>
            </List.Item>
          ))}
        </List>
      </Stack>
      <Stack gap="xs" w="100%" mt="md">
        <Button component={Link} to="/app/sessions/signIn" size="md" fullWidth>
          {t('success.signIn')}
        </Button>
        <Button component={Link} to="/" size="md" variant="default" fullWidth>
          {t('success.home')}
        </Button>
      </Stack>
    </StatusView>
  );
}
