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
    passwordResetSubject: texts.passwordReset.subject,
    passwordReset: texts.passwordReset.text('https://portal.example/app/sessions/reset?token=abc'),
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

  it('falls back to the default language for an unknown or missing locale', () => {
    expect(messageTexts('xx')).toBe(MESSAGE_TEXTS.tr);
    expect(messageTexts(null)).toBe(MESSAGE_TEXTS.tr);
    expect(messageTexts('de')).toBe(MESSAGE_TEXTS.de);
  });
});
