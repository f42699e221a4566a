import { useState } from 'react';
import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListFooter, ListState } from '../../components/list-parts.tsx';
import { MEMBER_LINKS } from '../earnings/index.ts';
import { InvoiceActions, PaymentStatusBadge, useMyPayments, usePaymentMonths } from '../payments/index.ts';
import { useFormatters } from '../../lib/format.ts';

const NUMERIC = { fontVariantNumeric: 'tabular-nums' } as const;

/** `/app/setting/documents`: the statement, one entry per payment with its invoice. */
export default function DocumentsPage() {
  const { t } = useTranslation(['documents', 'payments']);
  const format = useFormatters();
  const months = usePaymentMonths();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const list = useMyPayments(page, pageSize);
  const items = list.data?.items ?? [];

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed">{t('intro')}</Text>
      </Stack>
      <ListState query={list} isEmpty={false} isFiltered={false} />
      {list.isSuccess && items.length === 0 && (
        <Stack align="center" gap={4} py="md">
          <Text fw={600}>{t('empty.title')}</Text>
          <Text c="dimmed" ta="center">
            {t('empty.body')}
          </Text>
          <Anchor component={Link} to={MEMBER_LINKS.payments}>
            {t('empty.action')}
          </Anchor>
        </Stack>
      )}
      {items.length > 0 && (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {items.map((payment) => (
              <Card key={payment.id} withBorder radius="md" padding="md" component="article">
                <Stack gap="sm">
                  <Group justify="space-between" align="flex-start" wrap="nowrap">
                    <Stack gap={2}>
                      <Text fw={700}>{months(payment.periods) || format.date(payment.createdAt)}</Text>
                      <Text size="sm" c="dimmed">
                        {t('payments:fields.created')}: {format.date(payment.createdAt)}
                        {payment.paidAt ? ` · ${t('paidOn', { date: format.date(payment.paidAt) })}` : ''}
                      </Text>
                    </Stack>
                    <PaymentStatusBadge status={payment.status} />
                  </Group>
                  <Stack gap={2} style={NUMERIC}>
                    <Group justify="space-between">
                      <Text size="sm">{t('lines.gross')}</Text>
                      <Text size="sm">{format.money(payment.grossCents)}</Text>
                    </Group>
                    <Group justify="space-between">
                      <Text size="sm">{t('lines.deductions')}</Text>
                      {/* Deducted money is shown negative; no deduction is $0.00, not -$0.00 (Intl keeps the sign of -0). */}
                      <Text size="sm">{format.money(payment.deductionsCents === 0 ? 0 : -payment.deductionsCents)}</Text>
                    </Group>
                    <Group justify="space-between">
                      <Text size="sm" fw={700}>
                        {t('lines.net')}
                      </Text>
                      <Text size="sm" fw={700}>
                        {format.money(payment.amountCents)}
                      </Text>
                    </Group>
                  </Stack>
                  <InvoiceActions payment={payment} canChange={payment.status !== 'Rejected'} />
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
          <ListFooter
            total={list.data?.total ?? 0}
            page={page}
            pageSize={pageSize}
            onPage={setPage}
            onPageSize={(size) => {
              setPageSize(size);
              setPage(1);
            }}
            totalLabel={t('total', { count: list.data?.total ?? 0 })}
          />
        </>
      )}
    </Stack>
  );
}
