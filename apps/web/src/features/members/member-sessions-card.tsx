import { Badge, Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Session } from '@agency/shared';
import { DataList, type DataColumn } from '../../components/data-list.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { confirmAction } from '../../lib/confirm.ts';
import { useFormatters } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useEndMemberSession, useMemberSessions } from './member-sessions-api.ts';
import { shortUserAgent } from './user-agent.ts';

/**
 * The member's live sessions on their profile (admin): when each started and was last seen, from
 * which IP and device; "End session" signs the member out on that device after a confirmation.
 */
export function MemberSessionsCard({ memberId }: { memberId: string }) {
  const { t } = useTranslation('members');
  const format = useFormatters();
  const sessions = useMemberSessions(memberId);
  const end = useEndMemberSession(memberId);

  async function endSession(sessionId: string) {
    if (!(await confirmAction({ body: t('sessions.endConfirm') }))) return;
    try {
      await end.mutateAsync(sessionId);
      notifySuccess('SESSION_ENDED');
    } catch (error) {
      notifyError(error);
    }
  }

  const deviceOf = (session: Session) => shortUserAgent(session.userAgent) ?? t('sessions.unknownDevice');
  const columns: DataColumn<Session>[] = [
    { key: 'created', label: t('sessions.created'), numeric: true, priority: 1, cell: (session) => format.dateTime(session.createdAt) },
    { key: 'lastSeen', label: t('sessions.lastSeen'), numeric: true, cell: (session) => format.dateTime(session.lastSeenAt) },
    {
      key: 'ip',
      label: t('sessions.ip'),
      priority: 2,
      cell: (session) => (
        <Text size="sm" ff="monospace">
          {session.ip ?? '–'}
        </Text>
      ),
    },
    {
      key: 'device',
      label: t('sessions.device'),
      card: 'title',
      cell: (session) => (
        <Text size="sm" title={session.userAgent ?? undefined}>
          {deviceOf(session)}
        </Text>
      ),
    },
    {
      key: 'actions',
      label: t('columns.actions'),
      labelHidden: true,
      card: 'status',
      cell: (session) =>
        session.current ? (
          <Badge size="sm" variant="light" color="teal">
            {t('sessions.current')}
          </Badge>
        ) : (
          <Button
            size="xs"
            variant="light"
            color="red"
            loading={end.isPending && end.variables === session.id}
            aria-label={t('sessions.endLabel', { device: deviceOf(session), created: format.dateTime(session.createdAt) })}
            onClick={() => void endSession(session.id)}
          >
            {t('sessions.end')}
          </Button>
        ),
    },
  ];

  return (
    <Card withBorder radius="lg">
      <Title order={2} size="h4" mb="sm">
        {t('sessions.title')}
      </Title>
      {sessions.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('sessions.loading')}>
          <Skeleton height={20} />
          <Skeleton height={20} />
          <Skeleton height={20} />
        </Stack>
      ) : sessions.isError ? (
        <ErrorState size="section" error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : sessions.data.length === 0 ? (
        <Text c="dimmed">{t('sessions.empty')}</Text>
      ) : (
        <DataList rows={sessions.data} rowKey={(session) => session.id} rowLabel={deviceOf} columns={columns} striped={false} />
      )}
    </Card>
  );
}
