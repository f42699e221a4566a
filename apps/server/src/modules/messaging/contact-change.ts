import type { Locale } from '@agency/shared';
import { maskEmail, maskPhone } from '../../lib/phone.ts';
import { messageTexts } from './message-texts.ts';
import type { Messaging } from './messaging.types.ts';

export interface ContactChange {
  locale: Locale;
  before: { email: string | null; phone: string | null };
  after: { email: string | null; phone: string | null };
}

/**
 * Tells the owner that the account's e-mail or phone changed, on the old channel (docs/decisions/015):
 * a changed or removed e-mail by e-mail to the old address (an added one, having no old address,
 * by SMS to the phone); a changed phone by SMS to the old number (without one, by e-mail). The new
 * value is shown masked. The change stands when a message cannot be sent; that is logged.
 */
export async function tellContactChange(
  messaging: Messaging,
  change: ContactChange,
  log?: { warn(object: Record<string, unknown>, message: string): void },
): Promise<void> {
  const texts = messageTexts(change.locale).contactChanged;
  const { before, after } = change;
  const sends: { channel: 'sms' | 'email'; to: string; text: string }[] = [];
  if (before.email !== after.email) {
    if (before.email) {
      const what = after.email ? texts.emailChanged(maskEmail(after.email)) : texts.emailRemoved;
      sends.push({ channel: 'email', to: before.email, text: `${what}\n\n${texts.warning}` });
    } else if (after.email && before.phone) {
      sends.push({ channel: 'sms', to: before.phone, text: `${texts.emailAdded(maskEmail(after.email))} ${texts.warning}` });
    }
  }
  if (before.phone !== after.phone && after.phone) {
    const what = texts.phoneChanged(maskPhone(after.phone));
    if (before.phone) sends.push({ channel: 'sms', to: before.phone, text: `${what} ${texts.warning}` });
    else if (before.email) sends.push({ channel: 'email', to: before.email, text: `${what}\n\n${texts.warning}` });
  }
  for (const send of sends) {
    try {
      if (send.channel === 'sms') await messaging.sendSms(send.to, send.text, { purpose: 'account.contact-changed' });
      else await messaging.sendEmail(send.to, texts.subject, send.text, { purpose: 'account.contact-changed' });
    } catch (error) {
      log?.warn({ err: error instanceof Error ? error.message : 'unknown', channel: send.channel }, 'contact change notice could not be sent');
    }
  }
}
