import { OTP_MAX_ATTEMPTS, OTP_RESEND_SECONDS, OTP_TTL_SECONDS, type Locale } from '@agency/shared';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { addSeconds, type Clock } from '../../lib/clock.ts';
import { constantTimeEqualHex, createNumericCode, hmacHex } from '../../lib/crypto.ts';
import { normalizeMobilePhone } from '../../lib/phone.ts';
import { findUserByPhone } from '../users/index.ts';
import type { UserRow } from '../../db/tables/members.table.ts';
import { messageTexts, portalLinks, type MessageTexts } from '../messaging/index.ts';
import type { SmsSender } from '../messaging/index.ts';
import {
  consumeCode,
  countCodesSince,
  deleteCode,
  findLatestCodeForPhone,
  findLatestUnconsumedCode,
  insertCode,
  lockCodeSends,
  supersedeCodes,
  takeCodeAttempt,
  type OtpPurpose,
} from './auth.repository.ts';

/** Sends within one hour: per phone, and per client address. */
export const OTP_SENDS_PER_PHONE_PER_HOUR = 5;
const OTP_SENDS_PER_IP_PER_HOUR = 20;
const HOUR_SECONDS = 3600;

export interface OtpDeps {
  db: Database;
  clock: Clock;
  appSecret: string;
  sms: SmsSender;
  /** The portal's address, for the links in the notices. */
  publicUrl: string;
  log: { warn(object: Record<string, unknown>, message: string): void };
}

export function requireMobilePhone(raw: string): string {
  const phone = normalizeMobilePhone(raw);
  if (!phone) throw new AppError('PHONE_INVALID');
  return phone;
}

/** What a send request gets by SMS: the code, or a notice saying why there is none. */
type SendOutcome = 'code' | 'noAccount' | 'pending' | 'loginBlocked' | 'registered' | 'applyBlocked';

function sendOutcome(purpose: OtpPurpose, user: UserRow | undefined): SendOutcome {
  if (purpose === 'login') {
    if (!user) return 'noAccount';
    if (user.status === 'active') return 'code';
    return user.status === 'pending' ? 'pending' : 'loginBlocked';
  }
  if (!user) return 'code';
  if (user.status === 'active') return 'registered';
  return user.status === 'pending' ? 'pending' : 'applyBlocked';
}

function noticeText(outcome: Exclude<SendOutcome, 'code'>, texts: MessageTexts, links: ReturnType<typeof portalLinks>): string {
  switch (outcome) {
    case 'noAccount':
      return texts.loginNoAccount(links.apply);
    case 'pending':
      return texts.applicationPending();
    case 'loginBlocked':
      return texts.loginBlocked();
    case 'registered':
      return texts.applyRegistered(links.signIn);
    case 'applyBlocked':
      return texts.applyBlocked();
  }
}

function secondsUntil(from: Date, to: Date): number {
  return Math.max(1, Math.ceil((to.getTime() - from.getTime()) / 1000));
}

/**
 * One-time SMS codes for sign-in (`login`) and applications (`apply`). Codes are stored only as
 * HMAC-SHA256(APP_SECRET, phone|purpose|code); every limit is counted from the `otp_codes` rows.
 */
export function createOtpService(deps: OtpDeps) {
  const links = portalLinks(deps.publicUrl);
  const hashCode = (phone: string, purpose: OtpPurpose, code: string) =>
    hmacHex(deps.appSecret, `${phone}|${purpose}|${code}`);

  return {
    /**
     * Sends a code, or the SMS that says why there is none, with the same answer and the same
     * limits whatever the number's account state (docs/decisions/015): the caller never learns
     * whether the number has an account, is pending or is registered. A code goes out only for
     * `login` to an active account and for `apply` to a number without one; every send, code or
     * notice, is a row of `otp_codes` (a notice's row holds the hash of a code nobody receives), so
     * the resend wait and the hourly caps count them all alike.
     */
    async sendCode(input: { phone: string; purpose: OtpPurpose; ip: string; locale?: Locale | undefined }) {
      const phone = requireMobilePhone(input.phone);
      const user = await findUserByPhone(deps.db, phone);
      const outcome = sendOutcome(input.purpose, user);
      const texts = messageTexts(user?.locale ?? input.locale);

      const code = createNumericCode();
      const now = deps.clock.now();
      const hourAgo = addSeconds(now, -HOUR_SECONDS);
      const codeId = await deps.db.transaction(async (tx) => {
        await lockCodeSends(tx, phone, input.ip);
        const latest = await findLatestCodeForPhone(tx, phone, input.purpose);
        if (latest) {
          const resendAt = addSeconds(latest.createdAt, OTP_RESEND_SECONDS);
          if (resendAt > now) {
            throw new AppError('OTP_RESEND_TOO_SOON', { retryAfterSeconds: secondsUntil(now, resendAt) });
          }
        }
        const perPhone = await countCodesSince(tx, { phone }, hourAgo);
        if (perPhone.count >= OTP_SENDS_PER_PHONE_PER_HOUR && perPhone.oldest) {
          throw new AppError('RATE_LIMITED', {
            retryAfterSeconds: secondsUntil(now, addSeconds(perPhone.oldest, HOUR_SECONDS)),
          });
        }
        const perIp = await countCodesSince(tx, { ip: input.ip }, hourAgo);
        if (perIp.count >= OTP_SENDS_PER_IP_PER_HOUR && perIp.oldest) {
          throw new AppError('RATE_LIMITED', {
            retryAfterSeconds: secondsUntil(now, addSeconds(perIp.oldest, HOUR_SECONDS)),
          });
        }
        await supersedeCodes(tx, phone, input.purpose, now);
        return insertCode(tx, {
          phone,
          purpose: input.purpose,
          // A notice's row keeps the hash of a code that is never sent: it can not be guessed from the SMS.
          codeHash: hashCode(phone, input.purpose, outcome === 'code' ? code : createNumericCode() + createNumericCode()),
          ip: input.ip,
          createdAt: now,
          expiresAt: addSeconds(now, OTP_TTL_SECONDS),
        });
      });

      try {
        if (outcome === 'code') {
          await deps.sms.sendSms(phone, texts.otpCode(code, OTP_TTL_SECONDS / 60), { code, purpose: `otp.${input.purpose}` });
        } else {
          await deps.sms.sendSms(phone, noticeText(outcome, texts, links), { purpose: `otp.${input.purpose}.${outcome}` });
        }
      } catch (error) {
        // Not delivered: the row is useless and must not hold back a new attempt.
        await deleteCode(deps.db, codeId);
        deps.log.warn({ err: error instanceof Error ? error.message : 'unknown' }, 'sms delivery failed');
        throw new AppError('SERVICE_UNAVAILABLE');
      }
      return { resendAfterSeconds: OTP_RESEND_SECONDS, expiresInSeconds: OTP_TTL_SECONDS };
    },

    /**
     * Checks a code against the latest unconsumed one of the phone and purpose. Each check takes
     * one of the 5 tries before comparing, so parallel guesses cannot test more than 5 codes.
     * Returns the code's id; the caller consumes it in the transaction that acts on it.
     */
    async checkCode(input: { phone: string; purpose: OtpPurpose; code: string }): Promise<string> {
      const row = await findLatestUnconsumedCode(deps.db, input.phone, input.purpose);
      if (!row) throw new AppError('OTP_INVALID');
      if (deps.clock.now() >= row.expiresAt) throw new AppError('OTP_EXPIRED');
      if (row.attempts >= OTP_MAX_ATTEMPTS) throw new AppError('OTP_TOO_MANY_ATTEMPTS');
      const attempts = await takeCodeAttempt(deps.db, row.id, OTP_MAX_ATTEMPTS);
      if (attempts === null) throw new AppError('OTP_TOO_MANY_ATTEMPTS');
      if (!constantTimeEqualHex(row.codeHash, hashCode(input.phone, input.purpose, input.code))) {
        throw new AppError('OTP_INVALID');
      }
      return row.id;
    },

    /** Single use: a second consumer (a parallel request) gets `OTP_INVALID`. */
    async consumeCode(db: Executor, codeId: string): Promise<void> {
      if (!(await consumeCode(db, codeId, deps.clock.now()))) throw new AppError('OTP_INVALID');
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
