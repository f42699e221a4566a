import { useMemo, useState } from 'react';
import type { Payment } from '@agency/shared';

/**
 * A payment that can go on a transfer list and be marked paid with others: Approved, with verified
 * bank details (the server refuses the rest too; the web app only hides what cannot be chosen).
 */
export function isPayable(payment: Payment): boolean {
  return payment.status === 'Approved' && payment.bank?.bankStatus === 'Verified';
}

export interface PaymentSelection {
  /** The chosen payments, in the order they were chosen (they may be on other pages). */
  payments: Payment[];
  count: number;
  /** Integer cents: the sum of the chosen amounts. */
  totalCents: number;
  isSelected(id: string): boolean;
  toggle(payment: Payment, checked: boolean): void;
  /** Payable payments on this page. */
  payableOnPage: Payment[];
  allOnPage: boolean;
  someOnPage: boolean;
  togglePage(checked: boolean): void;
  remove(ids: readonly string[]): void;
  clear(): void;
}

/** The admin's choice of approved payments to pay together; kept across pages. */
export function usePaymentSelection(visible: readonly Payment[]): PaymentSelection {
  const [chosen, setChosen] = useState<ReadonlyMap<string, Payment>>(new Map());

  // A chosen payment shown again in another state (paid meanwhile, bank details changed) is no
  // longer chosen: the page's fresh copy wins, and what is not payable any more drops out.
  const fresh = useMemo(() => new Map(visible.map((payment) => [payment.id, payment])), [visible]);
  const current = (map: ReadonlyMap<string, Payment>) => [...map.values()].map((payment) => fresh.get(payment.id) ?? payment).filter(isPayable);

  const payableOnPage = useMemo(() => visible.filter(isPayable), [visible]);
  const update = (change: (next: Map<string, Payment>) => void) =>
    setChosen((previous) => {
      const next = new Map(current(previous).map((payment) => [payment.id, payment]));
      change(next);
      return next;
    });

  const payments = current(chosen);
  const chosenIds = new Set(payments.map((payment) => payment.id));
  const selectedOnPage = payableOnPage.filter((payment) => chosenIds.has(payment.id)).length;
  return {
    payments,
    count: payments.length,
    totalCents: payments.reduce((sum, payment) => sum + payment.amountCents, 0),
    isSelected: (id) => chosenIds.has(id),
    toggle: (payment, checked) =>
      update((next) => {
        if (checked && isPayable(payment)) next.set(payment.id, payment);
        else next.delete(payment.id);
      }),
    payableOnPage,
    allOnPage: payableOnPage.length > 0 && selectedOnPage === payableOnPage.length,
    someOnPage: selectedOnPage > 0 && selectedOnPage < payableOnPage.length,
    togglePage: (checked) =>
      update((next) => {
        for (const payment of payableOnPage) {
          if (checked) next.set(payment.id, payment);
          else next.delete(payment.id);
        }
      }),
    remove: (ids) =>
      update((next) => {
        for (const id of ids) next.delete(id);
      }),
    clear: () => setChosen(new Map()),
  };
}
