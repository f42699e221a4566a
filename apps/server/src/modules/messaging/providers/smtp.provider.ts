import nodemailer, { type Transporter } from 'nodemailer';
import { maskEmail } from '../../../lib/phone.ts';
import type { EmailSender, MessageMeta, MessagingLogger } from '../messaging.types.ts';

export interface SmtpOptions {
  url: string;
  from: string;
  log: MessagingLogger;
  /** Injected in tests; built from `url` otherwise. */
  transport?: Transporter;
}

/** Sends e-mail through SMTP with nodemailer (SMTP_URL, e.g. smtps://user:pass@host:465). */
export function createSmtpProvider(options: SmtpOptions): EmailSender & { close(): void } {
  const transport = options.transport ?? nodemailer.createTransport(options.url);
  return {
    async sendEmail(to: string, subject: string, text: string, meta: MessageMeta = {}) {
      await transport.sendMail({ from: options.from, to, subject, text });
      options.log.info({ channel: 'email', to: maskEmail(to), purpose: meta.purpose }, 'e-mail sent through smtp');
    },
    close: () => transport.close(),
  };
}
