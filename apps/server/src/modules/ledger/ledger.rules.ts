import type { PaymentStatus } from '@agency/shared';

/** The ledger's rules on figures already read: no database, no clock. */

/** Statuses whose payment no longer covers earnings (their amount went back to the balance). */
export const REVERSED_PAYMENT_STATUSES: readonly PaymentStatus[] = ['Rejected', 'Unpaid'];

export interface UnpostedMonth {
  period: string;
  /** What still has to be posted for the month (the difference to member_months). */
  deltaCents: number;
  /** False when the month has no `earnings` entry yet (the posting is `earnings`, else an adjustment). */
  hasEarningsEntry: boolean;
}

/** What member_months holds for a month (`computed`) and what the ledger holds (`posted`, earnings kinds). */
export interface PostedMonth {
  period: string | null;
  cents: number;
  earningsEntries: number;
}

/** `findUnpostedMonths` from rows already read: the ended months whose two figures differ. */
export function unpostedMonthsOf(
  computed: readonly { period: string; cents: number }[],
  posted: readonly PostedMonth[],
  currentPeriod: string,
): UnpostedMonth[] {
  const postedByPeriod = new Map(posted.map((row) => [row.period ?? '', row]));
  const computedByPeriod = new Map(computed.map((row) => [row.period, row.cents]));
  const periods = [...new Set([...computedByPeriod.keys(), ...postedByPeriod.keys()])].filter((period) => period !== '' && period < currentPeriod).sort();
  const result: UnpostedMonth[] = [];
  for (const period of periods) {
    const entry = postedByPeriod.get(period);
    const deltaCents = (computedByPeriod.get(period) ?? 0) - (entry?.cents ?? 0);
    if (deltaCents !== 0) result.push({ period, deltaCents, hasEarningsEntry: (entry?.earningsEntries ?? 0) > 0 });
  }
  return result;
}

export interface LedgerBalance {
  /** Σ earnings of ended months (posted or not) − Σ gross of payments not Rejected/Unpaid. */
  unpaidCents: number;
  /** Σ ledger + not-yet-posted ended months. */
  availableCents: number;
  latestPaymentStatus: PaymentStatus | null;
}

/** `readLedgerBalance` from figures already read (the member summary reads them in one statement). */
export function ledgerBalanceOf(parts: {
  /** Σ of every ledger entry. */
  ledgerCents: number;
  unposted: readonly UnpostedMonth[];
  /** Σ of the posted earnings entries (earnings + adjustments). */
  postedCents: number;
  /** Σ gross of the payments that still cover earnings. */
  coveredCents: number;
  latestPaymentStatus: PaymentStatus | null;
}): LedgerBalance {
  const unpostedCents = parts.unposted.reduce((sum, month) => sum + month.deltaCents, 0);
  const earningsCents = parts.postedCents + unpostedCents;
  return { unpaidCents: earningsCents - parts.coveredCents, availableCents: parts.ledgerCents + unpostedCents, latestPaymentStatus: parts.latestPaymentStatus };
}

/**
 * The months a new payment of `grossCents` covers, oldest first: earnings are covered in order,
 * so the payment takes the months between what earlier payments covered and that plus its gross.
 */
export function coveredPeriods(months: readonly { period: string; cents: number }[], coveredBeforeCents: number, grossCents: number): string[] {
  const result: string[] = [];
  let cumulative = 0;
  const end = coveredBeforeCents + grossCents;
  for (const month of months) {
    if (month.cents <= 0) continue;
    const from = cumulative;
    cumulative += month.cents;
    if (cumulative > coveredBeforeCents && from < end) result.push(month.period);
  }
  return result;
}
