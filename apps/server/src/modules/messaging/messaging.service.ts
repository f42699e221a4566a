import type { OutboxEntry } from '@agency/shared';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { normalizeMobilePhone } from '../../lib/phone.ts';
import { listOutboxMessages } from './messaging.repository.ts';
import type { Messaging, MessagingLogger } from './messaging.types.ts';
import { createHttpSmsProvider } from './providers/http-sms.provider.ts';
import { createOutboxProvider } from './providers/outbox.provider.ts';
import { createSmtpProvider } from './providers/smtp.provider.ts';

export interface MessagingDeps {
  env: Pick<Env, 'isProduction' | 'SMS_PROVIDER' | 'SMS_HTTP_URL' | 'SMS_HTTP_TOKEN' | 'MAIL_PROVIDER' | 'SMTP_URL' | 'MAIL_FROM'>;
  db: Database;
  clock: Clock;
  log: MessagingLogger;
}

/** Picks the SMS and e-mail providers from the environment; `outbox` is the default for both. */
export function createMessaging(deps: MessagingDeps): Messaging & { close(): void } {
  const outbox = createOutboxProvider({ ...deps, hideSecrets: deps.env.isProduction });
  const sms =
    deps.env.SMS_PROVIDER === 'http' && deps.env.SMS_HTTP_URL
      ? createHttpSmsProvider({ url: deps.env.SMS_HTTP_URL, token: deps.env.SMS_HTTP_TOKEN, log: deps.log })
      : outbox;
  const smtp =
    deps.env.MAIL_PROVIDER === 'smtp' && deps.env.SMTP_URL
      ? createSmtpProvider({ url: deps.env.SMTP_URL, from: deps.env.MAIL_FROM, log: deps.log })
      : null;
  const mail = smtp ?? outbox;
  return {
    sendSms: (to, text, meta) => sms.sendSms(to, text, meta),
    sendEmail: (to, subject, text, meta) => mail.sendEmail(to, subject, text, meta),
    close: () => smtp?.close(),
  };
}

/** The development outbox: newest first, optionally for one recipient (phone or e-mail). */
export async function readOutbox(db: Database, options: { to?: string | undefined; limit: number }): Promise<OutboxEntry[]> {
  let to: string | undefined;
  if (options.to) {
    // `+` in a query string arrives as a space; a phone is matched in its E.164 form.
    const raw = options.to.trim();
    to = raw.includes('@') ? raw.toLowerCase() : (normalizeMobilePhone(raw.startsWith('+') ? raw : `+${raw}`) ?? normalizeMobilePhone(raw) ?? raw);
  }
  const rows = await listOutboxMessages(db, { to, limit: options.limit });
  return rows.map((row) => ({
    to: row.to,
    channel: row.channel,
    text: row.text,
    code: row.code,
    createdAt: row.createdAt.toISOString(),
  }));
}
