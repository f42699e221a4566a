import { Button, Card, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconCash, IconDiamond, IconReportMoney } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminFinance, PeriodChoice } from '@agency/shared';
import { ADMIN_PATHS } from '../../app/routes/paths.ts';
import { ErrorState } from '../../components/error-state.tsx';
import { PeriodChoiceInput } from '../../components/period-choice.tsx';
import { useFormatters } from '../../lib/format.ts';
import { useAdminFinance } from './finance-api.ts';
import { FinanceCharts } from './finance-charts.tsx';

type View = 'chart' | 'table';

/** `/app/setting/earnings` for admins: what the diamonds were worth and what members earned. */
export default function FinancePage() {
  const { t } = useTranslation('finance');
  const [period, setPeriod] = useState<PeriodChoice>('thisYear');
  const [view, setView] = useState<View>('chart');
  const finance = useAdminFinance(period);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <PeriodChoiceInput value={period} onChange={setPeriod} />
      </Group>
      {finance.isPending ? (
        <FinanceSkeleton />
      ) : finance.isError ? (
        <ErrorState error={finance.error} onRetry={() => void finance.refetch()} size="section" />
      ) : (
        <FinanceContent data={finance.data} view={view} onView={setView} />
      )}
    </Stack>
  );
}

function FinanceContent({ data, view, onView }: { data: AdminFinance; view: View; onView: (view: View) => void }) {
  const { t } = useTranslation('finance');
  const format = useFormatters();
  const empty = data.history.length === 0;

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Figure label={t('finance.diamondsRevenue')} hint={t('finance.diamondsRevenueHint')} value={format.money(data.diamondsRevenueCents)} icon={<IconCash size={20} aria-hidden />} />
        <Figure label={t('finance.earningsRevenue')} hint={t('finance.earningsRevenueHint')} value={format.money(data.earningsCents)} icon={<IconReportMoney size={20} aria-hidden />} />
        <Figure label={t('finance.diamonds')} hint={t('finance.diamondsHint')} value={format.number(data.diamonds)} icon={<IconDiamond size={20} aria-hidden />} />
      </SimpleGrid>
      {empty ? (
        <Card withBorder radius="lg" padding="xl">
          <Stack align="center" ta="center" gap="sm">
            <Text c="dimmed">{t('finance.empty')}</Text>
            <Button component={Link} to={ADMIN_PATHS.uploads} variant="light">
              {t('finance.upload')}
            </Button>
          </Stack>
        </Card>
      ) : (
        <>
          <Group justify="flex-end">
            <SegmentedControl
              aria-label={t('finance.view')}
              value={view}
              onChange={(value) => onView(value as View)}
              data={[
                { value: 'chart', label: t('finance.chart') },
                { value: 'table', label: t('finance.table') },
              ]}
            />
          </Group>
          {view === 'chart' ? <FinanceCharts data={data} /> : <FinanceTables data={data} />}
        </>
      )}
    </Stack>
  );
}

function Figure({ label, hint, value, icon }: { label: string; hint: string; value: string; icon: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap={4}>
        <Group gap="xs" c="dimmed">
          {icon}
          <Text size="sm" fw={500}>
            {label}
          </Text>
        </Group>
        <Text fz={28} fw={700} lh={1.1} className="tabular">
          {value}
        </Text>
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      </Stack>
    </Card>
  );
}

function FinanceTables({ data }: { data: AdminFinance }) {
  const { t } = useTranslation('finance');
  const format = useFormatters();
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Card withBorder radius="lg" padding="lg">
        <Table.ScrollContainer minWidth={420}>
          <Table striped>
            <Table.Caption>{t('finance.history')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('finance.month')}</Table.Th>
                <Table.Th>{t('finance.diamonds')}</Table.Th>
                <Table.Th>{t('finance.diamondsRevenue')}</Table.Th>
                <Table.Th>{t('finance.earningsRevenue')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.history.map((month) => (
                <Table.Tr key={month.period}>
                  <Table.Td>{format.monthLabel(month.period, 'short')}</Table.Td>
                  <Table.Td className="tabular">{format.number(month.diamonds)}</Table.Td>
                  <Table.Td className="tabular">{format.money(month.diamondsRevenueCents)}</Table.Td>
                  <Table.Td className="tabular">{format.money(month.earningsCents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <Table.ScrollContainer minWidth={360}>
          <Table striped>
            <Table.Caption>{t('finance.topMembers')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('finance.member')}</Table.Th>
                <Table.Th>{t('finance.diamonds')}</Table.Th>
                <Table.Th>{t('finance.earningsRevenue')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.topMembers.map((member) => (
                <Table.Tr key={member.uid}>
                  <Table.Td>
                    {member.firstName} {member.lastName}
                  </Table.Td>
                  <Table.Td className="tabular">{format.number(member.diamonds)}</Table.Td>
                  <Table.Td className="tabular">{format.money(member.value)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </SimpleGrid>
  );
}

function FinanceSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} h={112} radius="lg" />
        ))}
      </SimpleGrid>
      <Skeleton h={320} radius="lg" />
    </Stack>
  );
}
