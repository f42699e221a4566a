import type { Database } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { maskEmail, maskPhone } from '../../../lib/phone.ts';
import { insertOutboxMessage } from '../messaging.repository.ts';
import type { EmailSender, MessageMeta, MessagingLogger, SmsSender } from '../messaging.types.ts';

/** In production nobody reads the outbox, so the stored copy must not let anybody sign in. */
function withoutSecrets(text: string, meta: MessageMeta): string {
  let safe = text;
  for (const secret of [meta.code, meta.secret]) {
    if (secret) safe = safe.replaceAll(secret, '[hidden]');
  }
  return safe;
}

/**
 * The default provider: keeps every message in `outbox_messages` (read by GET /api/dev/outbox
 * outside production) and logs one masked line. It delivers nothing to a real phone or mailbox.
 * With `hideSecrets` (production) the stored text has its code and link token removed.
 */
export function createOutboxProvider(deps: {
  db: Database;
  clock: Clock;
  log: MessagingLogger;
  hideSecrets: boolean;
}): SmsSender & EmailSender {
  const stored = (text: string, meta: MessageMeta) => (deps.hideSecrets ? withoutSecrets(text, meta) : text);
  const storedCode = (meta: MessageMeta) => (deps.hideSecrets ? null : (meta.code ?? null));
  return {
    async sendSms(to: string, text: string, meta: MessageMeta = {}) {
      await insertOutboxMessage(deps.db, {
        channel: 'sms',
        to,
        subject: null,
        text: stored(text, meta),
        code: storedCode(meta),
        createdAt: deps.clock.now(),
      });
      deps.log.info({ channel: 'sms', to: maskPhone(to), purpose: meta.purpose }, 'sms written to outbox');
    },
    async sendEmail(to: string, subject: string, text: string, meta: MessageMeta = {}) {
      await insertOutboxMessage(deps.db, {
        channel: 'email',
        to,
        subject,
        text: stored(text, meta),
        code: storedCode(meta),
        createdAt: deps.clock.now(),
      });
      deps.log.info({ channel: 'email', to: maskEmail(to), purpose: meta.purpose }, 'e-mail written to outbox');
    },
  };
}
