import type { ReactNode } from 'react';
import { Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBroadcast,
  IconCalendarDollar,
  IconGift,
  IconLanguage,
  IconRosetteDiscountCheck,
  IconShieldCheck,
  IconUserPlus,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './landing.module.css';

export function Section({ id, title, lead, alt, children }: { id: string; title: string; lead?: string; alt?: boolean; children: ReactNode }) {
  return (
    <section className={`${classes.section} ${alt ? classes.sectionAlt : ''}`} aria-labelledby={`${id}-title`}>
      <Container size="lg">
        <Stack gap={6} mb="xl">
          <Title order={2} id={`${id}-title`}>
            {title}
          </Title>
          {lead ? (
            <Text c="dimmed" size="lg" maw={640}>
              {lead}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Container>
    </section>
  );
}

const STEPS = [
  { key: 'apply', icon: IconUserPlus },
  { key: 'approve', icon: IconRosetteDiscountCheck },
  { key: 'earn', icon: IconBroadcast },
] as const;

/** Apply, get approved, go LIVE and earn. */
export function HowItWorks() {
  const { t } = useTranslation('landing');
  return (
    <Section id="how" title={t('steps.title')} lead={t('steps.lead')}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {STEPS.map(({ key, icon: Icon }, index) => (
          <Card component="li" key={key} withBorder radius="lg" padding="lg" className={classes.card}>
            <Group justify="space-between" mb="md">
              <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                <Icon size={24} />
              </ThemeIcon>
              <Text fw={700} c="dimmed" className={classes.stepNumber}>
                {t('steps.number', { number: index + 1 })}
              </Text>
            </Group>
            <Title order={3} size="h4" mb={6}>
              {t(`steps.${key}.title`)}
            </Title>
            <Text c="dimmed">{t(`steps.${key}.text`)}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </Section>
  );
}

const REQUIREMENTS = [
  { key: 'firstWeek', value: '3' },
  { key: 'validDays', value: '12' },
  { key: 'hours', value: '25' },
] as const;

/** The agency's creator requirements (docs/product.md §8), as three cards. */
export function Requirements() {
  const { t } = useTranslation('landing');
  return (
    <Section id="requirements" title={t('requirements.title')} lead={t('requirements.lead')} alt>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {REQUIREMENTS.map(({ key, value }) => (
          <Card key={key} withBorder radius="lg" padding="lg" className={classes.card}>
            <Text size="sm" fw={700} tt="uppercase" c="dimmed" mb="xs">
              {t(`requirements.${key}.period`)}
            </Text>
            <Group gap={8} align="baseline" mb="sm" wrap="nowrap">
              <span className={classes.bigNumber}>{value}</span>
              <Text fw={600}>{t(`requirements.${key}.unit`)}</Text>
            </Group>
            <Title order={3} size="h5" mb={4}>
              {t(`requirements.${key}.title`)}
            </Title>
            <Text c="dimmed" size="sm">
              {t(`requirements.${key}.text`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Text mt="lg" size="sm" c="dimmed">
        {t('requirements.validDayNote')}
      </Text>
    </Section>
  );
}

const REASONS = [
  { key: 'free', icon: IconGift },
  { key: 'partner', icon: IconShieldCheck },
  { key: 'payouts', icon: IconCalendarDollar },
  { key: 'language', icon: IconLanguage },
] as const;

/** Why join: free, official partner, payouts on the 15th, support in your language. */
export function WhyJoin() {
  const { t } = useTranslation('landing');
  return (
    <Section id="why" title={t('why.title')} lead={t('why.lead')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl" verticalSpacing="xl">
        {REASONS.map(({ key, icon: Icon }) => (
          <Group key={key} align="flex-start" wrap="nowrap" gap="md">
            <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
              <Icon size={26} />
            </ThemeIcon>
            <div>
              <Title order={3} size="h4" mb={4}>
                {t(`why.${key}.title`)}
              </Title>
              <Text c="dimmed">{t(`why.${key}.text`)}</Text>
            </div>
          </Group>
        ))}
      </SimpleGrid>
    </Section>
  );
}
