import { usePeriodLabel } from '../earnings/index.ts';

/** The months a payment covers as "Jan 2026 – Mar 2026" (or one month) in the reader's language. */
export function usePaymentMonths(): (periods: readonly string[]) => string {
  const label = usePeriodLabel();
  return (periods) => {
    if (periods.length === 0) return '';
    const first = label(periods[0]!);
    return periods.length === 1 ? first : `${first} – ${label(periods[periods.length - 1]!)}`;
  };
}
