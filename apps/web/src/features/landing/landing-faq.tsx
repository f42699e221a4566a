import { useId, useState } from 'react';
import { Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Section } from './landing-sections.tsx';
import classes from './landing.module.css';

const FAQ_KEYS = ['free', 'requirements', 'validDay', 'payment', 'account', 'referrals', 'languages', 'afterApplying'] as const;

/**
 * One question: a heading with a button that shows or hides its answer (the disclosure pattern of
 * the WAI-ARIA practices, as Mantine's Accordion renders it). Written here rather than with the
 * Accordion: the landing page's scripts have a budget (bench:web, 150 KB gzip), and the Accordion
 * with its Collapse was ~4 KB of it.
 */
function FaqItem({ question, answer }: { question: string; answer: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className={classes.faqItem} data-open={open || undefined}>
      <h3 className={classes.faqHeading}>
        <button type="button" id={`${id}-control`} className={classes.faqControl} aria-expanded={open} aria-controls={`${id}-panel`} onClick={() => setOpen(!open)}>
          <span className={classes.faqQuestion}>{question}</span>
          <IconChevronDown className={classes.faqChevron} size={16} aria-hidden />
        </button>
      </h3>
      <div id={`${id}-panel`} role="region" aria-labelledby={`${id}-control`} hidden={!open} className={classes.faqPanel}>
        <Text>{answer}</Text>
      </div>
    </div>
  );
}

/** Frequently asked questions; the referral answer is left out when the agency turned referrals off. */
export function LandingFaq({ referralsEnabled }: { referralsEnabled: boolean }) {
  const { t } = useTranslation('landing');
  const keys = FAQ_KEYS.filter((key) => key !== 'referrals' || referralsEnabled);
  return (
    <Section id="faq" title={t('faq.title')} lead={t('faq.lead')} alt>
      <div className={classes.faq}>
        {keys.map((key) => (
          <FaqItem key={key} question={t(`faq.items.${key}.question`)} answer={t(`faq.items.${key}.answer`)} />
        ))}
      </div>
    </Section>
  );
}
