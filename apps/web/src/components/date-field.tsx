// The dates package and the six calendars' month and day names come with the screens that show a
// date field (the screens are lazy chunks): nothing is fetched at run time, nothing reaches `/`.
import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/az';
import 'dayjs/locale/de';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/ro';
import 'dayjs/locale/ru';
import 'dayjs/locale/tr';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@agency/shared';

/** dayjs's name of each app language (English is shown as en-GB, docs/product.md §18). */
const DAYJS_LOCALES: Record<Locale, string> = { tr: 'tr', en: 'en-gb', de: 'de', az: 'az', ru: 'ru', ro: 'ro' };

/** The short numeric date of each language (CLDR): what the field shows and what people type. */
const DATE_FIELD_FORMATS: Record<Locale, string> = {
  tr: 'DD.MM.YYYY',
  en: 'DD/MM/YYYY',
  de: 'DD.MM.YYYY',
  az: 'DD.MM.YYYY',
  ru: 'DD.MM.YYYY',
  ro: 'DD.MM.YYYY',
};

function isRealDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A typed day as `YYYY-MM-DD`, or null while it is not a whole, real date. Every app language
 * writes the day first (`24.11.2026`, `24/11/2026`); `.`, `/`, `-` and spaces all separate, a
 * two-digit year is this century's, and an ISO day (`2026-11-24`, pasted) is read as such.
 */
export function parseTypedDay(text: string): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  const dayFirst = /^(\d{1,2})[./\-\s]+(\d{1,2})[./\-\s]+(\d{2}|\d{4})$/.exec(value);
  let parts: [number, number, number] | null = null;
  if (iso) parts = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dayFirst) parts = [dayFirst[3]!.length === 2 ? 2000 + Number(dayFirst[3]) : Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1])];
  if (!parts) return null;
  const [year, month, day] = parts;
  if (year < 1900 || year > 2999 || !isRealDay(year, month, day)) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

export interface DateFieldProps
  extends Omit<DateInputProps, 'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser' | 'locale' | 'minDate' | 'maxDate'> {
  /** `YYYY-MM-DD`, or '' for no date. */
  value: string;
  onChange: (value: string) => void;
  /** `YYYY-MM-DD` bounds. */
  minDate?: string | undefined;
  maxDate?: string | undefined;
}

/**
 * A date field in the app's language, not the browser's (a native `<input type="date">` follows the
 * browser: mm/dd/yyyy in an English Chromium whatever the app says). It shows and reads the
 * language's numeric date and opens a calendar with the language's month and day names.
 */
export function DateField({ value, onChange, minDate, maxDate, placeholder, ...rest }: DateFieldProps) {
  const { t, i18n } = useTranslation('common');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const locale: Locale = isLocale(language) ? language : DEFAULT_LOCALE;
  return (
    <DateInput
      {...rest}
      value={value === '' ? null : value}
      onChange={(next) => onChange(next ?? '')}
      locale={DAYJS_LOCALES[locale]}
      valueFormat={DATE_FIELD_FORMATS[locale]}
      dateParser={parseTypedDay}
      placeholder={placeholder ?? t('dateField.placeholder')}
      leftSection={<IconCalendar size={16} aria-hidden />}
      {...(minDate ? { minDate } : {})}
      {...(maxDate ? { maxDate } : {})}
      firstDayOfWeek={1}
      // Weekends and the neighbouring months' days in Mantine's lighter colours read below WCAG
      // contrast (axe, e2e/accessibility.spec.ts): every day of the month in the same colour, no others.
      weekendDays={[]}
      hideOutsideDates
      // The header's month and year controls keep their visible text ("März 2026") as their name.
      ariaLabels={{
        nextMonth: t('dateField.nextMonth'),
        previousMonth: t('dateField.previousMonth'),
        nextYear: t('dateField.nextYear'),
        previousYear: t('dateField.previousYear'),
        nextDecade: t('dateField.nextDecade'),
        previousDecade: t('dateField.previousDecade'),
      }}
    />
  );
}
