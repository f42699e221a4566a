import { Accordion, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Section } from './landing-sections.tsx';

const FAQ_KEYS = ['free', 'requirements', 'validDay', 'payment', 'account', 'referrals', 'languages', 'afterApplying'] as const;

/** Frequently asked questions; the referral answer is left out when the agency turned referrals off. */
export function LandingFaq({ referralsEnabled }: { referralsEnabled: boolean }) {
  const { t } = useTranslation('landing');
  const keys = FAQ_KEYS.filter((key) => key !== 'referrals' || referralsEnabled);
  return (
    <Section id="faq" title={t('faq.title')} lead={t('faq.lead')} alt>
      <Accordion variant="separated" radius="md" order={3} maw={820}>
        {keys.map((key) => (
          <Accordion.Item key={key} value={key}>
            <Accordion.Control>
              <Text fw={600} component="span">
                {t(`faq.items.${key}.question`)}
              </Text>
            </Accordion.Control>
            <Accordion.Panel>
              <Text>{t(`faq.items.${key}.answer`)}</Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Section>
  );
}
