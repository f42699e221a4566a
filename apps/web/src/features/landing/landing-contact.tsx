import type { ReactNode } from 'react';
import { Anchor, Card, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconClock, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PublicSettings } from '@agency/shared';
import { Section } from './landing-sections.tsx';
import { supportHoursRange } from './use-agency-contact.ts';
import classes from './landing.module.css';

interface ContactProps {
  settings: Partial<PublicSettings> | undefined;
  isLoading: boolean;
}

/** Phone, e-mail and address from the agency settings (rows without a value are left out) and the support hours. */
export function LandingContact({ settings, isLoading }: ContactProps) {
  const { t } = useTranslation('landing');
  const phone = settings?.contactPhone?.trim();
  const email = settings?.contactEmail?.trim();
  const address = settings?.contactAddress?.trim();
  const hasAny = Boolean(phone || email || address);
  return (
    <Section id="contact" title={t('contact.title')} lead={t('contact.lead')}>
      <Card withBorder radius="lg" padding="lg" maw={560} className={classes.card}>
        <Stack gap="md">
          {isLoading ? (
            <>
              <Skeleton height={20} width="60%" />
              <Skeleton height={20} width="70%" />
            </>
          ) : null}
          {phone ? (
            <ContactRow icon={<IconPhone size={20} />} label={t('contact.phone')}>
              <Anchor href={`tel:${phone.replace(/[^\d+]/g, '')}`} className={classes.contactLink} fw={600}>
                {phone}
              </Anchor>
            </ContactRow>
          ) : null}
          {email ? (
            <ContactRow icon={<IconMail size={20} />} label={t('contact.email')}>
              <Anchor href={`mailto:${email}`} className={classes.contactLink} fw={600}>
                {email}
              </Anchor>
            </ContactRow>
          ) : null}
          {address ? (
            <ContactRow icon={<IconMapPin size={20} />} label={t('contact.address')}>
              <Text style={{ whiteSpace: 'pre-line' }}>{address}</Text>
            </ContactRow>
          ) : null}
          {!isLoading && !hasAny ? <Text c="dimmed">{t('contact.fallback')}</Text> : null}
          <ContactRow icon={<IconClock size={20} />} label={t('contact.hours')}>
            <Text>{t('contact.hoursValue', { range: supportHoursRange(settings?.supportHours) })}</Text>
          </ContactRow>
        </Stack>
      </Card>
    </Section>
  );
}

function ContactRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group wrap="nowrap" align="flex-start" gap="md">
      <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
        {icon}
      </ThemeIcon>
      <div>
        <Text size="sm" c="dimmed" fw={600}>
          {label}
        </Text>
        {children}
      </div>
    </Group>
  );
}
