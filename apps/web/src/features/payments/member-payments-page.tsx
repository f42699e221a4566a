import { useState } from 'react';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { REASON_MIN_LENGTH, type Payment } from '@agency/shared';
import { ErrorState } from '../../components/error-state.tsx';
import { ListFooter, ListState } from '../../components/list-parts.tsx';
import { BalanceCards, FigureCardsSkeleton, useMySummary } from '../earnings/index.ts';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { useFormatters } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { MyPaymentCard } from './my-payment-card.tsx';
import { useCancelPayment, useMyPayments } from './payments-api.ts';
import { PaymentRequestForm } from './payment-request-form.tsx';

/** `/app/setting/payment`: the balance, a payment request, and the member's payments with their invoices. */
export default function MemberPaymentsPage() {
  const { t } = useTranslation(['payments', 'earnings']);
  const format = useFormatters();
  const summary = useMySummary();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const payments = useMyPayments(page, pageSize);
  const cancel = useCancelPayment();
  const [cancelling, setCancelling] = useState<Payment | null>(null);
  const items = payments.data?.items ?? [];

  async function confirmCancel(reason: string) {
    if (!cancelling) return;
    try {
      const answer = await cancel.mutateAsync({ id: cancelling.id, reason });
      notifySuccess(answer.messageCode ?? 'PAYMENT_REJECTED');
      setCancelling(null);
    } catch (error) {
      notifyError(error);
    }
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('member.title')}
        </Title>
        <Text c="dimmed">{t('member.intro')}</Text>
      </Stack>

      {summary.isPending ? (
        <FigureCardsSkeleton count={3} />
      ) : summary.isError ? (
        <ErrorState size="section" error={summary.error} onRetry={() => void summary.refetch()} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <BalanceCards summary={summary.data} />
          </SimpleGrid>
          <PaymentRequestForm availableCents={summary.data.availableCents} minimumCents={summary.data.minimumPayoutCents} />
        </>
      )}

      <Stack gap="sm" component="section" aria-labelledby="my-payments-title">
        <Title order={2} size="h4" id="my-payments-title">
          {t('member.listTitle')}
        </Title>
        <ListState query={payments} isEmpty={false} isFiltered={false} />
        {payments.isSuccess && items.length === 0 && (
          <Text c="dimmed" ta="center" py="md">
            {t('member.empty')}
          </Text>
        )}
        {items.length > 0 && (
          <>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              {items.map((payment) => (
                <MyPaymentCard key={payment.id} payment={payment} onCancel={setCancelling} />
              ))}
            </SimpleGrid>
            <ListFooter
              total={payments.data?.total ?? 0}
              page={page}
              pageSize={pageSize}
              onPage={setPage}
              onPageSize={(size) => {
                setPageSize(size);
                setPage(1);
              }}
              totalLabel={t('member.total', { count: payments.data?.total ?? 0 })}
            />
          </>
        )}
      </Stack>

      {cancelling && (
        <ReasonDialog
          title={t('cancel.title')}
          body={t('cancel.body', { amount: format.money(cancelling.amountCents) })}
          reasonLabel={t('reason.label')}
          reasonHint={t('reason.hint', { count: REASON_MIN_LENGTH })}
          confirmLabel={t('cancel.confirm')}
          loading={cancel.isPending}
          onCancel={() => setCancelling(null)}
          onConfirm={(reason) => void confirmCancel(reason)}
        />
      )}
    </Stack>
  );
}
