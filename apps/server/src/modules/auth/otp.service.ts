import { OTP_MAX_ATTEMPTS, OTP_RESEND_SECONDS, OTP_TTL_SECONDS } from '@agency/shared';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { addSeconds, type Clock } from '../../lib/clock.ts';
import { constantTimeEqualHex, createNumericCode, hmacHex } from '../../lib/crypto.ts';
import { normalizeMobilePhone } from '../../lib/phone.ts';
import { findUserByPhone } from '../members/members.repository.ts';
import type { SmsSender } from '../messaging/messaging.types.ts';
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
export const OTP_SENDS_PER_IP_PER_HOUR = 20;
const HOUR_SECONDS = 3600;

export interface OtpDeps {
  db: Database;
  clock: Clock;
  appSecret: string;
  sms: SmsSender;
  log: { warn(object: Record<string, unknown>, message: string): void };
}

export function requireMobilePhone(raw: string): string {
  const phone = normalizeMobilePhone(raw);
  if (!phone) throw new AppError('PHONE_INVALID');
  return phone;
}

function secondsUntil(from: Date, to: Date): number {
  return Math.max(1, Math.ceil((to.getTime() - from.getTime()) / 1000));
}

/**
 * One-time SMS codes for sign-in (`login`) and applications (`apply`). Codes are stored only as
 * HMAC-SHA256(APP_SECRET, phone|purpose|code); every limit is counted from the `otp_codes` rows.
 */
export function createOtpService(deps: OtpDeps) {
  const hashCode = (phone: string, purpose: OtpPurpose, code: string) =>
    hmacHex(deps.appSecret, `${phone}|${purpose}|${code}`);

  return {
    async sendCode(input: { phone: string; purpose: OtpPurpose; ip: string }) {
      const phone = requireMobilePhone(input.phone);
      const user = await findUserByPhone(deps.db, phone);
      if (input.purpose === 'login') {
        if (!user) throw new AppError('PHONE_NOT_REGISTERED');
        if (user.status !== 'active') throw new AppError('ACCOUNT_NOT_ACTIVE');
      } else if (user) {
        throw new AppError('PHONE_ALREADY_REGISTERED');
      }

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
          codeHash: hashCode(phone, input.purpose, code),
          ip: input.ip,
          createdAt: now,
          expiresAt: addSeconds(now, OTP_TTL_SECONDS),
        });
      });

      try {
        await deps.sms.sendSms(
          phone,
          `Your verification code is ${code}. It expires in ${OTP_TTL_SECONDS / 60} minutes. Never share it.`,
          { code, purpose: `otp.${input.purpose}` },
        );
      } catch (error) {
        // Not delivered: the code is useless and must not hold back a new attempt.
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
