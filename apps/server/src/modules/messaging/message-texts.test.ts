import { LOCALES } from '@agency/shared';
import { describe, expect, it } from 'vitest';
import { MESSAGE_TEXTS, messageTexts, type MessageTexts } from './message-texts.ts';

/** Every text of a language, rendered with sample values. */
function rendered(texts: MessageTexts): Record<string, string> {
  return {
    otpCode: texts.otpCode('123456', 5),
    loginNoAccount: texts.loginNoAccount('https://portal.example/kayit'),
    applicationPending: texts.applicationPending(),
    loginBlocked: texts.loginBlocked(),
    applyRegistered: texts.applyRegistered('https://portal.example/app/sessions/signIn'),
    applyBlocked: texts.applyBlocked(),
    applicationApproved: texts.applicationApproved('https://portal.example/app/sessions/signIn'),
    applicationRejected: texts.applicationRejected(),
    passwordResetSubject: texts.passwordReset.subject,
    passwordReset: texts.passwordReset.text('https://portal.example/app/sessions/reset?token=abc', 30),
    registerReceivedSubject: texts.registerReceived.subject,
    registerReceived: texts.registerReceived.text('https://portal.example/app/sessions/signIn'),
    registerTakenSubject: texts.registerTaken.subject,
    registerTaken: texts.registerTaken.text('https://portal.example/app/sessions/signIn', 'https://portal.example/app/sessions/forgot'),
    contactSubject: texts.contactChanged.subject,
    emailChanged: texts.contactChanged.emailChanged('n***@example.com'),
    emailAdded: texts.contactChanged.emailAdded('n***@example.com'),
    emailRemoved: texts.contactChanged.emailRemoved,
    phoneChanged: texts.contactChanged.phoneChanged('+9053******06'),
    warning: texts.contactChanged.warning,
  };
}

describe('texts the server sends to people', () => {
  it.each(LOCALES)('%s has every text, none empty, with the values in place', (locale) => {
    const texts = rendered(MESSAGE_TEXTS[locale]);
    expect(Object.keys(texts).sort()).toEqual(Object.keys(rendered(MESSAGE_TEXTS.en)).sort());
    for (const [key, text] of Object.entries(texts)) expect(text.trim(), `${locale}.${key}`).toBeTruthy();
    expect(texts.otpCode).toContain('123456');
    expect(texts.loginNoAccount).toContain('https://portal.example/kayit');
    expect(texts.passwordReset).toContain('\nhttps://portal.example/app/sessions/reset?token=abc\n');
    expect(texts.registerTaken).toContain('https://portal.example/app/sessions/forgot');
    expect(texts.applicationApproved).toContain('https://portal.example/app/sessions/signIn');
    expect(texts.otpCode).toMatch(/\b5\b/);
    expect(texts.passwordReset).toMatch(/\b30\b/);
    expect(texts.emailChanged).toContain('n***@example.com');
    expect(texts.phoneChanged).toContain('+9053******06');
  });

  it('only English is English: the other languages are translated', () => {
    const english = rendered(MESSAGE_TEXTS.en);
    for (const locale of LOCALES.filter((code) => code !== 'en')) {
      const texts = rendered(MESSAGE_TEXTS[locale]);
      for (const key of Object.keys(english)) expect(texts[key], `${locale}.${key}`).not.toBe(english[key]);
    }
  });

  it('writes a number with its real plural form (CLDR categories)', () => {
    const minutes = (locale: keyof typeof MESSAGE_TEXTS, n: number) => MESSAGE_TEXTS[locale].otpCode('123456', n);
    expect(minutes('ru', 1)).toContain('действует 1 минуту.');
    expect(minutes('ru', 3)).toContain('действует 3 минуты.');
    expect(minutes('ru', 5)).toContain('действует 5 минут.');
    expect(minutes('ru', 21)).toContain('действует 21 минуту.');
    expect(MESSAGE_TEXTS.ru.passwordReset.text('L', 30)).toContain('в течение 30 минут,');
    expect(MESSAGE_TEXTS.ru.passwordReset.text('L', 1)).toContain('в течение 1 минуты,');
    expect(minutes('ro', 1)).toContain('valabil 1 minut.');
    expect(minutes('ro', 5)).toContain('valabil 5 minute.');
    expect(minutes('ro', 20)).toContain('valabil 20 de minute.');
    expect(MESSAGE_TEXTS.ro.passwordReset.text('L', 30)).toContain('în cel mult 30 de minute');
    expect(minutes('en', 1)).toContain('in 1 minute.');
    expect(minutes('en', 5)).toContain('in 5 minutes.');
    expect(minutes('de', 1)).toContain('1 Minute gültig');
    expect(minutes('de', 5)).toContain('5 Minuten gültig');
    // Turkish and Azerbaijani keep the noun singular after a number.
    expect(minutes('tr', 5)).toContain('5 dakika geçerlidir');
    expect(minutes('az', 5)).toContain('5 dəqiqə etibarlıdır');
  });

  it('keeps the formal register and the glossary terms', () => {
    const all = (locale: keyof typeof MESSAGE_TEXTS) => Object.values(rendered(MESSAGE_TEXTS[locale])).join('\n');
    // Romanian: "dumneavoastră", and an application is an "înscriere", never an "aplicație" (an app).
    expect(all('ro')).not.toMatch(/\baplica|\bAplica|\bte poți\b|\btău\b|\bta\b/);
    expect(all('ro')).toContain('Înscrierea dumneavoastră a fost aprobată');
    expect(all('ru')).not.toMatch(/\bты\b|\bтвой\b|\bтвоя\b/i);
    expect(all('de')).not.toMatch(/\bdu\b|\bdein/i);
    expect(all('tr')).not.toMatch(/\bsen\b|\bsenin\b/i);
    expect(all('az')).not.toMatch(/\bsən\b|\bsənin\b/i);
  });

  it('falls back to the default language for an unknown or missing locale', () => {
    expect(messageTexts('xx')).toBe(MESSAGE_TEXTS.tr);
    expect(messageTexts(null)).toBe(MESSAGE_TEXTS.tr);
    expect(messageTexts('de')).toBe(MESSAGE_TEXTS.de);
  });
});
