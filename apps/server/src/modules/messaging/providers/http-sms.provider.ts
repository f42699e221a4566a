import { maskPhone } from '../../../lib/phone.ts';
import type { MessageMeta, MessagingLogger, SmsSender } from '../messaging.types.ts';

export interface HttpSmsOptions {
  url: string;
  token?: string | undefined;
  log: MessagingLogger;
  /** Injected in tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Sends `POST { to, text }` as JSON to an SMS gateway, with a bearer token when configured. */
export function createHttpSmsProvider(options: HttpSmsOptions): SmsSender {
  const doFetch = options.fetch ?? fetch;
  return {
    async sendSms(to: string, text: string, meta: MessageMeta = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const response = await doFetch(options.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      if (!response.ok) {
        throw new Error(`SMS gateway answered ${response.status}`);
      }
      options.log.info({ channel: 'sms', to: maskPhone(to), purpose: meta.purpose }, 'sms sent through the http gateway');
    },
  };
}
