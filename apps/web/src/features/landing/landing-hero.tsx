import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconRosetteDiscountCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import classes from './landing.module.css';

const HIGHLIGHTS = ['free', 'partner', 'payouts'] as const;

/** The promise: an official partner agency, free to join, and the two ways in. */
export function LandingHero() {
  const { t } = useTranslation('landing');
  return (
    <Container size="lg" className={classes.hero}>
      <Stack gap="lg" align="flex-start">
        <span className={classes.badge}>
          <IconRosetteDiscountCheck size={18} aria-hidden />
          {t('hero.badge')}
        </span>
        <Title order={1} className={classes.heroTitle}>
          {t('hero.title')}
        </Title>
        <Text size="lg" className={classes.heroLead}>
          {t('hero.lead')}
        </Text>
        <Group gap="sm">
          <Button component={Link} to="/kayit" size="lg">
            {t('hero.apply')}
          </Button>
          <Button component={Link} to="/app/sessions/signIn" size="lg" variant="outline" color="white">
            {t('hero.signIn')}
          </Button>
        </Group>
        <Group component="ul" gap="lg" p={0} m={0} style={{ listStyle: 'none' }}>
          {HIGHLIGHTS.map((key) => (
            <Group component="li" key={key} gap={6} wrap="nowrap" className={classes.heroNote}>
              <IconCheck size={18} color="#25F4EE" aria-hidden />
              <Text span size="sm">
                {t(`hero.highlights.${key}`)}
              </Text>
            </Group>
          ))}
        </Group>
      </Stack>
    </Container>
  );
}
