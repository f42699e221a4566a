/** What a message is about. Neither `code` nor `secret` is ever logged. */
export interface MessageMeta {
  /** The one-time code the message carries (shown by the development outbox). */
  code?: string;
  /** Another secret in the text, such as a reset link token. */
  secret?: string;
  purpose?: string;
}

export interface SmsSender {
  sendSms(to: string, text: string, meta?: MessageMeta): Promise<void>;
}

export interface EmailSender {
  sendEmail(to: string, subject: string, text: string, meta?: MessageMeta): Promise<void>;
}

/** The provider interface every SMS and e-mail goes through. */
export type Messaging = SmsSender & EmailSender;

/** The subset of pino the providers use. */
export interface MessagingLogger {
  info(object: Record<string, unknown>, message: string): void;
  warn(object: Record<string, unknown>, message: string): void;
}
