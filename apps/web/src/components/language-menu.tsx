import { IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LOCALES, LOCALE_NAMES, isLocale, type Locale } from '@agency/shared';
import { changeLanguage, currentLocale } from '../lib/i18n.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import classes from './language-menu.module.css';

/**
 * The language menu shown on every page; the choice is remembered in local storage. The signed-in
 * layout passes `onChange` (lib/me.ts useChooseLanguage), which also writes the person's profile.
 * A native <select> under a compact button: the phone's own picker, full keyboard and screen-reader
 * support, and none of the popover code on the landing page.
 */
export function LanguageMenu({
  variant = 'subtle',
  onChange,
}: {
  variant?: 'subtle' | 'white' | 'default';
  /** Replaces the default (switch the interface, remember it in the browser). */
  onChange?: (locale: Locale) => void;
}) {
  // useTranslation re-renders this when the language changes.
  const { t } = useTranslation('common');
  const locale = currentLocale();
  // On the prerendered landing page a choice made before hydration would be lost: wait for it.
  const hydrated = useHydrated();
  return (
    <span className={classes.root} data-variant={variant}>
      <IconLanguage size={18} aria-hidden />
      <span className={classes.code} aria-hidden>
        {locale.toUpperCase()}
      </span>
      <IconChevronDown size={14} aria-hidden className={classes.chevron} />
      <select
        className={classes.select}
        value={locale}
        disabled={!hydrated}
        aria-label={t('language.choose')}
        onChange={(event) => {
          const chosen = event.target.value;
          if (!isLocale(chosen)) return;
          if (onChange) onChange(chosen);
          else void changeLanguage(chosen);
        }}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
    </span>
  );
}
