import { useState } from 'react';
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconReceiptOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FigureCard } from '../earnings/index.ts';
import { ListFooter, ListState } from '../../components/list-parts.tsx';
import { useFormatters } from '../../lib/format.ts';
import { useMyDeductions } from './deductions-api.ts';

const NUMERIC = { fontVariantNumeric: 'tabular-nums' } as const;

/** `/app/setting/deductions`: the member's deductions, open ones lower the next payment. */
export default function MemberDeductionsPage() {
  const { t } = useTranslation('deductions');
  const format = useFormatters();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const list = useMyDeductions(page, pageSize);
  const items = list.data?.items ?? [];
  // The server may send the open total; otherwise the open ones of this page (all of them with one page).
  const openCents = list.data?.openCents ?? items.filter((item) => item.paymentId === null).reduce((sum, item) => sum + item.amountCents, 0);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('member.title')}
        </Title>
        <Text c="dimmed">{t('member.intro')}</Text>
      </Stack>
      {list.isSuccess && (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <FigureCard label={t('member.openTotal')} value={format.money(openCents)} icon={<IconReceiptOff size={18} />}>
            <Text size="sm" c="dimmed">
              {t('member.openHint')}
            </Text>
          </FigureCard>
        </SimpleGrid>
      )}
      <ListState query={list} isEmpty={false} isFiltered={false} />
      {list.isSuccess && items.length === 0 && (
        <Text c="dimmed" ta="center" py="md">
          {t('member.empty')}
        </Text>
      )}
      {items.length > 0 && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {items.map((deduction) => {
              const consumed = deduction.paymentId !== null;
              return (
                <Card key={deduction.id} withBorder radius="md" padding="md" component="article">
                  <Stack gap={6}>
                    <Group justify="space-between" wrap="nowrap">
                      <Text fz={20} fw={700} style={NUMERIC}>
                        {format.money(deduction.amountCents)}
                      </Text>
                      <Badge variant="light" color={consumed ? 'gray' : 'orange'} style={{ textTransform: 'none' }}>
                        {t(consumed ? 'state.consumed' : 'state.open')}
                      </Badge>
                    </Group>
                    <Text size="sm">{deduction.reason ?? t('noReason')}</Text>
                    <Text size="sm" c="dimmed">
                      {format.date(deduction.createdAt)}
                    </Text>
                  </Stack>
                </Card>
              );
            })}
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
            totalLabel={t('member.total', { count: list.data?.total ?? 0 })}
          />
        </>
      )}
    </Stack>
  );
}
