import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { Box, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconDiamond, IconUserPlus, IconUsers, IconUserQuestion } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDashboard } from '@agency/shared';
import { ADMIN_PATHS } from '../../app/routes/paths.ts';
import { ErrorState } from '../../components/error-state.tsx';
import { useFormatters } from '../../lib/format.ts';
import { useAdminDashboard } from './admin-dashboard-api.ts';
import { ForecastSection } from './forecast-section.tsx';
import { RankedList, type RankedEntry } from './ranked-list.tsx';
import { StatCard } from './stat-card.tsx';

const memberLink = (uid: string) => `${ADMIN_PATHS.memberProfile}?id=${uid}`;

/** `/app/dashboards/adminDashboard`: this month at a glance. */
export default function AdminDashboardPage() {
  // The forecast section's texts load with the page's, so the section does not suspend the page later.
  const { t } = useTranslation(['finance', 'forecasts']);
  const format = useFormatters();
  const dashboard = useAdminDashboard();

  if (dashboard.isPending) return <DashboardSkeleton />;
  if (dashboard.isError) return <ErrorState error={dashboard.error} onRetry={() => void dashboard.refetch()} />;
  const data = dashboard.data;
  const month = format.month(data.period, 'long');

  const members = (rows: AdminDashboard['topMembersByDiamonds'], value: (n: number) => string): RankedEntry[] =>
    rows.map((row) => ({ key: row.uid, label: `${row.firstName} ${row.lastName}`, to: memberLink(row.uid), value: value(row.value) }));

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('dashboard.title')}
        </Title>
        <Text c="dimmed">
          {data.asOf ? t('dashboard.asOf', { month, date: format.date(data.asOf) }) : t('dashboard.noUpload', { month })}
        </Text>
      </Stack>

      <SimpleGrid {...STAT_GRID}>
        <StatCard label={t('dashboard.totalDiamonds')} value={format.number(data.totalDiamonds)} icon={IconDiamond} />
        <StatCard label={t('dashboard.creators')} value={format.number(data.creatorCount)} icon={IconUsers} color="accent" />
        <StatCard
          label={t('dashboard.pendingMembers')}
          value={format.number(data.pendingMembers)}
          icon={IconUserPlus}
          color="yellow"
          link={{ to: ADMIN_PATHS.applications, label: t('dashboard.review') }}
        />
        <StatCard
          label={t('dashboard.pendingCreators')}
          value={format.number(data.pendingCreators)}
          icon={IconUserQuestion}
          color="yellow"
          link={{ to: ADMIN_PATHS.applications, label: t('dashboard.review') }}
        />
        <StatCard
          label={t('dashboard.atRisk')}
          value={format.number(data.atRiskCreators)}
          icon={IconAlertTriangle}
          color="orange"
          link={{ to: `${ADMIN_PATHS.creators}?requirement=atRiskOrFailing`, label: t('dashboard.showList') }}
        />
      </SimpleGrid>

      <ForecastSection />

      <TopMembersChart rows={data.topMembersByDiamonds} />

      <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }} spacing="md">
        <RankedList title={t('dashboard.topMembersByDiamonds')} entries={members(data.topMembersByDiamonds, format.number)} emptyText={t('dashboard.emptyList')} />
        <RankedList title={t('dashboard.topMembersByEarnings')} entries={members(data.topMembersByEarnings, format.money)} emptyText={t('dashboard.emptyList')} />
        <RankedList
          title={t('dashboard.topCreatorsByDiamonds')}
          entries={data.topCreatorsByDiamonds.map((row) => ({
            key: row.id,
            label: `@${row.tiktokUsername}`,
            to: `${ADMIN_PATHS.creatorDetails}?id=${row.id}`,
            value: format.number(row.value),
          }))}
          emptyText={t('dashboard.emptyList')}
        />
        <RankedList title={t('dashboard.topMembersByCreators')} entries={members(data.topMembersByCreators, format.number)} emptyText={t('dashboard.emptyCreators')} />
      </SimpleGrid>
    </Stack>
  );
}

/** The top members by diamonds as bars, with the same figures as a table for screen readers. */
function TopMembersChart({ rows }: { rows: AdminDashboard['topMembersByDiamonds'] }) {
  const { t } = useTranslation('finance');
  const format = useFormatters();
  const captionId = useId();
  if (rows.length === 0) return null;
  const data = rows.map((row) => ({ name: `${row.firstName} ${row.lastName}`, diamonds: row.value }));
  return (
    <Card withBorder radius="lg" padding="lg">
      <Box component="figure" m={0} aria-labelledby={captionId}>
        <Text component="figcaption" id={captionId} fw={600} mb="sm">
          {t('dashboard.chartTitle')}
        </Text>
        <Box aria-hidden="true">
          <BarChart
            // The drawing is hidden from assistive technology (the table beside it carries the figures): no focusable layer.
            barChartProps={{ accessibilityLayer: false }}
            h={260}
            data={data}
            dataKey="name"
            series={[{ name: 'diamonds', label: t('dashboard.diamonds'), color: 'brand.6' }]}
            valueFormatter={(value) => format.number(value)}
            tickLine="y"
            gridAxis="y"
          />
        </Box>
        <VisuallyHidden>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dashboard.member')}</Table.Th>
                <Table.Th>{t('dashboard.diamonds')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((row) => (
                <Table.Tr key={row.name}>
                  <Table.Td>{row.name}</Table.Td>
                  <Table.Td>{format.number(row.diamonds)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </VisuallyHidden>
      </Box>
    </Card>
  );
}

/**
 * The figures' cards: as many columns as fit cards of at least 14rem (a figure of ten digits with
 * its separators at 28 px), so a big month's diamonds never run out of their card in any language.
 */
const STAT_GRID = { minColWidth: '14rem', autoFlow: 'auto-fit', spacing: 'md' } as const;

function DashboardSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true">
      <Skeleton h={32} w={240} />
      <SimpleGrid {...STAT_GRID}>
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} h={112} radius="lg" />
        ))}
      </SimpleGrid>
      <Skeleton h={300} radius="lg" />
      <Group grow>
        <Skeleton h={200} radius="lg" />
        <Skeleton h={200} radius="lg" />
      </Group>
    </Stack>
  );
}
