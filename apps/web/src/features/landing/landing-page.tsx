import { useTranslation } from 'react-i18next';
import { PublicHeader } from '../../components/public-header.tsx';
import { MAIN_CONTENT_ID } from '../../components/skip-link.tsx';
import { useAgencyName } from '../../lib/public-settings.ts';
import { LandingContact } from './landing-contact.tsx';
import { LandingFaq } from './landing-faq.tsx';
import { LandingFooter } from './landing-footer.tsx';
import { LandingHero } from './landing-hero.tsx';
import { HowItWorks, Requirements, WhyJoin } from './landing-sections.tsx';
import { useAgencyContact } from './use-agency-contact.ts';
import classes from './landing.module.css';

/**
 * `/`: the public landing page. Light on purpose (no images, no heavy components): Mantine
 * basics and a few icons.
 */
export default function LandingPage() {
  useTranslation(['landing', 'common']);
  const { data: settings, isPending } = useAgencyContact();
  const agencyName = useAgencyName();
  return (
    <div className={classes.root}>
      <div className={classes.topBar}>
        <PublicHeader tone="dark" />
      </div>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <div className={classes.top}>
          <LandingHero />
        </div>
        <HowItWorks />
        <Requirements />
        <WhyJoin />
        <LandingFaq referralsEnabled={settings?.referralsEnabled !== false} />
        <LandingContact settings={settings} isLoading={isPending} />
      </main>
      <LandingFooter agencyName={agencyName} />
    </div>
  );
}
