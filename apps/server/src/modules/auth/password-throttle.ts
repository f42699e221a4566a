import { isIPv4, isIPv6 } from 'node:net';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { addSeconds, type Clock } from '../../lib/clock.ts';
import { hmacHex } from '../../lib/crypto.ts';
import { deleteLoginFailures, findRecentLoginFailures, insertLoginFailure, listSessionAddressesSince } from './auth.repository.ts';

/**
 * Failed password checks are counted three ways (docs/decisions/015), each in its own rows of
 * `login_failures` (the column `email_hash` holds the keyed hash of the counter's key):
 * - the account and the address together: PAIR_MAX_FAILURES lock that address for that account;
 * - the address, whatever the account: ADDRESS_MAX_FAILURES lock that address for every account;
 * - the account, whatever the address: ACCOUNT_MAX_FAILURES lock the account for every address it
 *   never signed in from. An address it signed in from within KNOWN_ADDRESS_DAYS (a session was
 *   opened there) is the owner's: strangers elsewhere cannot lock it, and it has its pair's tries.
 * A lock lasts WINDOW_SECONDS from the failure that reached the limit; failures further apart than
 * that do not add up. A success clears only its pair's count: clearing the account's would hand an
 * attacker fresh tries whenever the owner signs in, and clearing the address's would let one
 * address reset its count by signing in to an account of its own between guesses.
 */
export const PASSWORD_WINDOW_SECONDS = 15 * 60;
export const PAIR_MAX_FAILURES = 5;
export const ACCOUNT_MAX_FAILURES = 5;
export const ADDRESS_MAX_FAILURES = 20;
const KNOWN_ADDRESS_DAYS = 90;

/**
 * The client address a count belongs to: an IPv4 address as it is (also when written as IPv6
 * `::ffff:a.b.c.d`), an IPv6 address by its /64 network, which one subscriber usually holds whole
 * (counting single IPv6 addresses would give an attacker 2^64 fresh counters).
 */
export function throttleAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const missing = ip.includes('::') ? 8 - headParts.length - tailParts.length : 0;
  const groups = [...headParts, ...Array<string>(Math.max(missing, 0)).fill('0'), ...tailParts];
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/** Who a password belongs to: the e-mail as typed for a sign-in, the account's e-mail (or id) for a re-check. */
export function accountKeyOf(user: { id: string; email: string | null }): string {
  return user.email ?? `user:${user.id}`;
}

export interface PasswordThrottleDeps {
  db: Database;
  clock: Clock;
  /** Keys the hashes of the counters' keys (e-mails and addresses are not stored). */
  appSecret: string;
}

export function createPasswordThrottle(deps: PasswordThrottleDeps) {
  const { db, clock } = deps;
  const keys = (account: string, address: string) => {
    const normalized = account.trim().toLowerCase();
    return {
      // The account's key keeps the format of the first version, so older rows still count.
      account: hmacHex(deps.appSecret, `login:${normalized}`),
      pair: hmacHex(deps.appSecret, `login-pair:${normalized}|${address}`),
      address: hmacHex(deps.appSecret, `login-address:${address}`),
    };
  };

  /** Seconds until `key` opens again: locked for the window after the `max`-th failure within it; 0 when open. */
  async function lockSeconds(key: string, max: number, now: Date): Promise<number> {
    const failures = await findRecentLoginFailures(db, key, max);
    if (failures.length < max) return 0;
    const newest = failures[0]!.getTime();
    const oldest = failures[failures.length - 1]!.getTime();
    if (newest - oldest > PASSWORD_WINDOW_SECONDS * 1000) return 0;
    const remaining = newest + PASSWORD_WINDOW_SECONDS * 1000 - now.getTime();
    return remaining > 0 ? Math.ceil(remaining / 1000) : 0;
  }

  /** Whether the account opened a session from this address (IPv6: this /64) within KNOWN_ADDRESS_DAYS. */
  async function isKnownAddress(userId: string, address: string, now: Date): Promise<boolean> {
    const addresses = await listSessionAddressesSince(db, userId, addSeconds(now, -KNOWN_ADDRESS_DAYS * 24 * 3600));
    return addresses.some((ip) => throttleAddress(ip) === address);
  }

  return {
    /**
     * Throws 429 RATE_LIMITED (with Retry-After) when `address` may not try a password for
     * `account` now. `userId` is the account's id when it exists: its own addresses are exempt
     * from the account-wide lock.
     */
    async check(account: string, ip: string, userId: string | null): Promise<void> {
      const address = throttleAddress(ip);
      const key = keys(account, address);
      const now = clock.now();
      const waits = [
        await lockSeconds(key.pair, PAIR_MAX_FAILURES, now),
        await lockSeconds(key.address, ADDRESS_MAX_FAILURES, now),
      ];
      const accountWait = await lockSeconds(key.account, ACCOUNT_MAX_FAILURES, now);
      if (accountWait > 0 && !(userId && (await isKnownAddress(userId, address, now)))) waits.push(accountWait);
      const wait = Math.max(...waits);
      if (wait > 0) throw new AppError('RATE_LIMITED', { retryAfterSeconds: wait });
    },

    async recordFailure(account: string, ip: string): Promise<void> {
      const key = keys(account, throttleAddress(ip));
      const now = clock.now();
      const keepSince = addSeconds(now, -2 * PASSWORD_WINDOW_SECONDS);
      for (const counter of [key.pair, key.address, key.account]) await insertLoginFailure(db, counter, now, keepSince);
    },

    async recordSuccess(account: string, ip: string): Promise<void> {
      await deleteLoginFailures(db, keys(account, throttleAddress(ip)).pair);
    },
  };
}

export type PasswordThrottle = ReturnType<typeof createPasswordThrottle>;
