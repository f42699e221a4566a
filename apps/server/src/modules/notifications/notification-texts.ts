import { DEFAULT_LOCALE, formatMoney, formatMonth, isLocale, REQUIREMENTS, type Locale, type PaymentStatus } from '@agency/shared';
import { plural } from '../../lib/plural.ts';
import { INVOICE_TEXTS } from '../invoices/index.ts';
import type { SystemNotification } from './notifications.repository.ts';

/**
 * The title and message stored with a system notification, in the recipient's language. The web
 * app shows a known template translated from its own texts with the stored parameters; the stored
 * text is what everything else shows (a template the web app does not know, exports, backups), so
 * it is written in the reader's language too, formal register, plural forms by CLDR category.
 * Payment statuses are the invoice's (docs/glossary.md). notification-texts.test.ts checks every
 * language.
 */
export interface NotificationTexts {
  paymentStatus(amount: string, status: string): { title: string; message: string };
  /** `usernames` is the list as shown (`@a, @b`); `count` how many creators it names. */
  creatorAtRisk(input: { count: number; usernames: string; failing: boolean; period: string }): { title: string; message: string };
}

const DAYS = REQUIREMENTS.monthValidDays;
const HOURS = REQUIREMENTS.monthLiveSeconds / 3600;

export const NOTIFICATION_TEXTS: Record<Locale, NotificationTexts> = {
  tr: {
    paymentStatus: (amount, status) => ({ title: 'Ödemeniz güncellendi', message: `${amount} tutarındaki ödemenizin durumu: ${status}.` }),
    creatorAtRisk: ({ count, usernames, failing, period }) => ({
      title: `${plural('tr', count, { other: '# yayıncınız' })} şartların gerisinde kalıyor`,
      message: `${usernames}: ${period} döneminde ${failing ? 'başarısız' : 'risk altında'}. Her ay en az ${plural('tr', DAYS, { other: '# geçerli yayın günü' })} ve ${plural('tr', HOURS, { other: '# saat' })} canlı yayın gerekir.`,
    }),
  },
  en: {
    paymentStatus: (amount, status) => ({ title: 'Your payment changed', message: `Your payment of ${amount} is now: ${status}.` }),
    creatorAtRisk: ({ count, usernames, failing, period }) => ({
      title: plural('en', count, { one: '# creator is behind the requirements', other: '# creators are behind the requirements' }),
      message: `${usernames}: ${failing ? 'failing' : 'at risk'} in ${period}. Every month needs at least ${plural('en', DAYS, { one: '# valid LIVE day', other: '# valid LIVE days' })} and ${plural('en', HOURS, { one: '# hour', other: '# hours' })} of LIVE.`,
    }),
  },
  de: {
    paymentStatus: (amount, status) => ({ title: 'Ihre Auszahlung hat sich geändert', message: `Ihre Auszahlung von ${amount} hat jetzt den Status: ${status}.` }),
    creatorAtRisk: ({ count, usernames, failing, period }) => ({
      title: plural('de', count, { one: '# Creator liegt hinter den Anforderungen zurück', other: '# Creator liegen hinter den Anforderungen zurück' }),
      message: `${usernames}: ${failing ? 'nicht erfüllt' : 'gefährdet'} im ${period}. Jeden Monat sind mindestens ${plural('de', DAYS, { one: '# gültiger LIVE-Tag', other: '# gültige LIVE-Tage' })} und ${plural('de', HOURS, { one: '# Stunde', other: '# Stunden' })} LIVE nötig.`,
    }),
  },
  az: {
    paymentStatus: (amount, status) => ({ title: 'Ödənişiniz yeniləndi', message: `${amount} məbləğində ödənişinizin statusu: ${status}.` }),
    creatorAtRisk: ({ count, usernames, failing, period }) => ({
      title: `${plural('az', count, { other: '# yayımçınız' })} tələblərdən geri qalır`,
      message: `${usernames}: ${period} dövründə ${failing ? 'uğursuz' : 'risk altında'}. Hər ay ən azı ${plural('az', DAYS, { other: '# etibarlı yayım günü' })} və ${plural('az', HOURS, { other: '# saat' })} canlı yayım lazımdır.`,
    }),
  },
  ru: {
    paymentStatus: (amount, status) => ({ title: 'Статус вашей выплаты изменился', message: `Статус вашей выплаты на сумму ${amount}: ${status}.` }),
    creatorAtRisk: ({ count, usernames, failing, period }) => ({
      title: plural('ru', count, {
        one: '# автор отстаёт от требований',
        few: '# автора отстают от требований',
        many: '# авторов отстают от требований',
        other: '# автора отстают от требований',
      }),
      // After "не меньше" the number takes the genitive: 1 засчитанного дня, 12 засчитанных дней, 21 часа, 25 часов.
      message: `${usernames}: ${failing ? 'не выполняет требования' : 'под угрозой'} (${period}). Каждый месяц нужно не меньше ${plural('ru', DAYS, { one: '# засчитанного дня эфира', few: '# засчитанных дней эфира', many: '# засчитанных дней эфира', other: '# засчитанного дня эфира' })} и ${plural('ru', HOURS, { one: '# часа', few: '# часов', many: '# часов', other: '# часа' })} эфира.`,
    }),
  },
  ro: {
    paymentStatus: (amount, status) => ({
      title: 'Starea plății dumneavoastră s-a schimbat',
      message: `Plata dumneavoastră de ${amount} are acum starea: ${status}.`,
    }),
    creatorAtRisk: ({ count, usernames, failing, period }) => ({
      title: plural('ro', count, {
        one: '# creator a rămas în urma cerințelor',
        few: '# creatori au rămas în urma cerințelor',
        other: '# de creatori au rămas în urma cerințelor',
      }),
      message: `${usernames}: ${failing ? 'nu îndeplinește cerințele' : 'la risc'} în ${period}. În fiecare lună sunt necesare cel puțin ${plural('ro', DAYS, { one: '# zi LIVE validă', few: '# zile LIVE valide', other: '# de zile LIVE valide' })} și ${plural('ro', HOURS, { one: '# oră', few: '# ore', other: '# de ore' })} de LIVE.`,
    }),
  },
};

function localeOf(locale: string | null | undefined): Locale {
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}

/** `2026-03` as "März 2026" in the reader's language (the text as is when it is not a month). */
function monthLabel(period: string, locale: Locale): string {
  return /^\d{4}-\d{2}$/.test(period) ? formatMonth(period, locale, 'long') : period;
}

/** A member's payment was created or changed status: template `paymentStatus`. */
export function paymentStatusNotification(
  payment: { status: PaymentStatus; amountCents: number },
  recipientLocale: string | null | undefined,
): SystemNotification {
  const locale = localeOf(recipientLocale);
  const texts = NOTIFICATION_TEXTS[locale].paymentStatus(formatMoney(payment.amountCents, locale), INVOICE_TEXTS[locale].statuses[payment.status]);
  return { template: 'paymentStatus', params: { status: payment.status, amountCents: payment.amountCents }, ...texts };
}

/** An affiliate's creators newly became at risk or failing this month: template `creatorAtRisk`. */
export function creatorAtRiskNotification(
  input: { usernames: string; count: number; state: 'atRisk' | 'failing'; period: string },
  recipientLocale: string | null | undefined,
): SystemNotification {
  const locale = localeOf(recipientLocale);
  const texts = NOTIFICATION_TEXTS[locale].creatorAtRisk({
    count: input.count,
    usernames: input.usernames,
    failing: input.state === 'failing',
    period: monthLabel(input.period, locale),
  });
  return { template: 'creatorAtRisk', params: { username: input.usernames, count: input.count, state: input.state, period: input.period }, ...texts };
}
