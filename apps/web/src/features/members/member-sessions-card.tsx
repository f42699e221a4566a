import { Badge, Button, Card, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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
        <Table.ScrollContainer minWidth={720}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('sessions.created')}</Table.Th>
                <Table.Th>{t('sessions.lastSeen')}</Table.Th>
                <Table.Th>{t('sessions.ip')}</Table.Th>
                <Table.Th>{t('sessions.device')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sessions.data.map((session) => {
                const device = shortUserAgent(session.userAgent) ?? t('sessions.unknownDevice');
                const ending = end.isPending && end.variables === session.id;
                return (
                  <Table.Tr key={session.id}>
                    <Table.Td className="tabular">{format.dateTime(session.createdAt)}</Table.Td>
                    <Table.Td className="tabular">{format.dateTime(session.lastSeenAt)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {session.ip ?? '–'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" title={session.userAgent ?? undefined}>
                        {device}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="end">
                      {session.current ? (
                        <Badge size="sm" variant="light" color="teal">
                          {t('sessions.current')}
                        </Badge>
                      ) : (
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          loading={ending}
                          aria-label={t('sessions.endLabel', { device, created: format.dateTime(session.createdAt) })}
                          onClick={() => void endSession(session.id)}
                        >
                          {t('sessions.end')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
