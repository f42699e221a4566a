import { LOCALES, PAYMENT_STATUSES, formatMoney } from '@agency/shared';
import { describe, expect, it } from 'vitest';
import { creatorAtRiskNotification, NOTIFICATION_TEXTS, paymentStatusNotification } from './notification-texts.ts';

/** Every text of a language, rendered with sample values. */
function rendered(locale: (typeof LOCALES)[number]): Record<string, string> {
  const texts = NOTIFICATION_TEXTS[locale];
  const payment = texts.paymentStatus('$400.00', 'X');
  const one = texts.creatorAtRisk({ count: 1, usernames: '@a', failing: false, period: 'P' });
  const many = texts.creatorAtRisk({ count: 5, usernames: '@a, @b', failing: true, period: 'P' });
  return { paymentTitle: payment.title, paymentMessage: payment.message, riskTitle: one.title, riskMessage: one.message, failingTitle: many.title, failingMessage: many.message };
}

describe('notification texts the server stores for a member', () => {
  it.each(LOCALES)('%s has every text, none empty, the values in place', (locale) => {
    const texts = rendered(locale);
    for (const [key, text] of Object.entries(texts)) expect(text.trim(), `${locale}.${key}`).toBeTruthy();
    expect(texts.paymentMessage).toContain('$400.00');
    expect(texts.riskMessage).toContain('@a');
    expect(texts.failingMessage).toContain('@a, @b');
    expect(texts.riskMessage).toMatch(/\b12\b/);
    expect(texts.riskMessage).toMatch(/\b25\b/);
  });

  it('only English is English', () => {
    const english = rendered('en');
    for (const locale of LOCALES.filter((code) => code !== 'en')) {
      const texts = rendered(locale);
      for (const key of Object.keys(english)) expect(texts[key], `${locale}.${key}`).not.toBe(english[key]);
    }
  });

  it('payment status: the amount in the locale’s format and the status by the glossary, the template kept', () => {
    // The status is translated: its English API value never shows in another language.
    for (const status of PAYMENT_STATUSES) {
      for (const locale of LOCALES.filter((code) => code !== 'en')) expect(paymentStatusNotification({ status, amountCents: 1 }, locale).message, `${locale} ${status}`).not.toContain(status);
    }
    const ru = paymentStatusNotification({ status: 'Paid', amountCents: 40_000 }, 'ru');
    expect(ru).toMatchObject({ template: 'paymentStatus', params: { status: 'Paid', amountCents: 40_000 }, title: 'Статус вашей выплаты изменился' });
    expect(ru.message).toBe(`Статус вашей выплаты на сумму ${formatMoney(40_000, 'ru')}: Выплачено.`);
    expect(paymentStatusNotification({ status: 'Waiting Approval', amountCents: 100 }, 'de').message).toContain('Wartet auf Freigabe');
    // An unknown language falls back to the default one.
    expect(paymentStatusNotification({ status: 'Approved', amountCents: 100 }, 'xx').title).toBe('Ödemeniz güncellendi');
  });

  it('creators at risk: plural forms by count, the month in the reader’s language', () => {
    const ru = (count: number) => creatorAtRiskNotification({ usernames: '@a', count, state: 'atRisk', period: '2026-03' }, 'ru');
    expect(ru(1).title).toBe('1 автор отстаёт от требований');
    expect(ru(3).title).toBe('3 автора отстают от требований');
    expect(ru(5).title).toBe('5 авторов отстают от требований');
    expect(ru(21).title).toBe('21 автор отстаёт от требований');
    expect(ru(1).message).toContain('март 2026');
    expect(ru(1).message).toContain('не меньше 12 засчитанных дней эфира и 25 часов эфира');
    expect(ru(1)).toMatchObject({ template: 'creatorAtRisk', params: { username: '@a', count: 1, state: 'atRisk', period: '2026-03' } });
    const ro = (count: number) => creatorAtRiskNotification({ usernames: '@a', count, state: 'failing', period: '2026-03' }, 'ro').title;
    expect(ro(1)).toBe('1 creator a rămas în urma cerințelor');
    expect(ro(2)).toBe('2 creatori au rămas în urma cerințelor');
    expect(ro(20)).toBe('20 de creatori au rămas în urma cerințelor');
    expect(creatorAtRiskNotification({ usernames: '@a', count: 1, state: 'atRisk', period: '2026-03' }, 'en').title).toBe('1 creator is behind the requirements');
    expect(creatorAtRiskNotification({ usernames: '@a', count: 2, state: 'atRisk', period: '2026-03' }, 'de').title).toBe('2 Creator liegen hinter den Anforderungen zurück');
    expect(creatorAtRiskNotification({ usernames: '@a', count: 2, state: 'atRisk', period: '2026-03' }, 'tr').message).toContain('Mart 2026 döneminde risk altında');
  });
});
