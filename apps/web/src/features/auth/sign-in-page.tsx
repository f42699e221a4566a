import { useId, useState } from 'react';
import { Alert, Anchor, Tabs, Text, Title } from '@mantine/core';
import { IconClockExclamation, IconDeviceMobile, IconMail } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasSessionEnded } from '../../lib/session.ts';
import { AuthFrame } from './auth-frame.tsx';
import { EmailSignIn } from './email-sign-in.tsx';
import { PhoneSignIn } from './phone-sign-in.tsx';

/**
 * `/app/sessions/signIn`: phone (default) or e-mail. The tab panels are named by the page heading,
 * not by their tab: a panel named "Email" would be a second match for the "Email" field label.
 * After the server refused a stored session (expired, revoked) the page says that it has ended;
 * signing in then returns to the page the person was on (use-sign-in.ts).
 */
export default function SignInPage() {
  const { t } = useTranslation(['auth', 'common', 'errors', 'messages']);
  const headingId = useId();
  // Read once: the mark stays until the sign-in succeeds, the message stays while the page is open.
  const [sessionEnded] = useState(hasSessionEnded);
  return (
    <AuthFrame current="signIn">
      {sessionEnded ? (
        <Alert color="orange" variant="light" icon={<IconClockExclamation size={20} aria-hidden />} mb="md">
          {t('signIn.sessionEnded')}
        </Alert>
      ) : null}
      <Title order={1} size="h2" id={headingId}>
        {t('signIn.title')}
      </Title>
      <Text c="dimmed" mt={4}>
        {t('signIn.lead')}
      </Text>
      <Tabs defaultValue="phone" mt="lg" keepMounted={false}>
        <Tabs.List grow aria-label={t('signIn.methods')}>
          <Tabs.Tab value="phone" leftSection={<IconDeviceMobile size={18} aria-hidden />}>
            {t('signIn.tabPhone')}
          </Tabs.Tab>
          <Tabs.Tab value="email" leftSection={<IconMail size={18} aria-hidden />}>
            {t('signIn.tabEmail')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="phone" pt="lg" aria-labelledby={headingId}>
          <PhoneSignIn />
        </Tabs.Panel>
        <Tabs.Panel value="email" pt="lg" aria-labelledby={headingId}>
          <EmailSignIn />
        </Tabs.Panel>
      </Tabs>
      <Text ta="center" mt="xl" size="sm">
        {t('signIn.notMember')}{' '}
        <Anchor component={Link} to="/kayit" fw={600}>
          {t('signIn.apply')}
        </Anchor>
      </Text>
    </AuthFrame>
  );
}
