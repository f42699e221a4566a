import { Anchor, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '../../components/language-menu.tsx';
import classes from './landing.module.css';

export function LandingFooter({ agencyName }: { agencyName: string }) {
  const { t } = useTranslation('landing');
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <Group justify="space-between" gap="md">
          <Text size="sm" c="dimmed">
            {t('footer.rights', { year: new Date().getFullYear(), name: agencyName })}
          </Text>
          <Group gap="md" component="nav" aria-label={t('footer.label')}>
            <Anchor component={Link} to="/kayit" size="sm">
              {t('nav.apply')}
            </Anchor>
            <Anchor component={Link} to="/app/sessions/signIn" size="sm">
              {t('nav.signIn')}
            </Anchor>
            <LanguageMenu variant="default" />
          </Group>
        </Group>
      </Container>
    </footer>
  );
}
