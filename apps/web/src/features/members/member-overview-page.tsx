import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { MemberStatus } from '@agency/shared';
import { api } from '../../lib/api-client.ts';
import { useFormatters } from '../../lib/format.ts';
import { statusLabelKey } from '../../lib/status.ts';
import { MemberProfileView } from './member-profile-page.tsx';
import type { ListPage } from '../../lib/list-query.ts';

const STATUSES: MemberStatus[] = ['active', 'pending', 'rejected', 'disabled'];

/** How many members each status has: one small list call per status (`total`). */
function useStatusCounts() {
  return useQuery({
    queryKey: ['admin', 'members', 'overview'],
    queryFn: async () => {
      const counts = await Promise.all(
        STATUSES.map(async (status) => (await api.get<ListPage<unknown>>(`/admin/members?status=${status}&pageSize=1`)).data.total),
      );
      const verified = (await api.get<ListPage<unknown>>('/admin/members?bankStatus=Verified&pageSize=1')).data.total;
      return { byStatus: Object.fromEntries(STATUSES.map((status, index) => [status, counts[index] ?? 0])), verified };
    },
  });
}

/** `/app/mydesk/memberPage`: one member with `?id=`, else the members at a glance. */
export default function MemberOverviewPage() {
  const { t } = useTranslation('members');
  const [params] = useSearchParams();
  const id = params.get('id');
  const format = useFormatters();
  const counts = useStatusCounts();
  if (id) return <MemberProfileView id={id} />;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('overview.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }}>
        {STATUSES.map((status) => (
          <Card key={status} withBorder radius="lg" component={Link} to={`/app/mydesk/users`}>
            <Text size="sm" c="dimmed">
              {t(statusLabelKey(status))}
            </Text>
            <Text fz={28} fw={700} className="tabular">
              {format.number(counts.data?.byStatus[status] ?? 0)}
            </Text>
          </Card>
        ))}
        <Card withBorder radius="lg">
          <Text size="sm" c="dimmed">
            {t('overview.verifiedBank')}
          </Text>
          <Text fz={28} fw={700} className="tabular">
            {format.number(counts.data?.verified ?? 0)}
          </Text>
        </Card>
      </SimpleGrid>
      <Group>
        <Text c="dimmed">{t('overview.hint')}</Text>
      </Group>
    </Stack>
  );
}
