import { Fragment, useState } from 'react';
import { ActionIcon, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { activityActionKey, type ActivityLogEntry } from '@agency/shared';
import { useFormatters } from '../../../lib/format.ts';
import { ActivityChanges } from './activity-changes.tsx';

/** Entries newest first; a row opens to show the before/after of the fields it changed. */
export function ActivityTable({ entries }: { entries: ActivityLogEntry[] }) {
  const { t } = useTranslation('activity');
  const format = useFormatters();
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={48}>
              <VisuallyHidden>{t('table.details')}</VisuallyHidden>
            </Table.Th>
            <Table.Th>{t('table.time')}</Table.Th>
            <Table.Th>{t('table.actor')}</Table.Th>
            <Table.Th>{t('table.action')}</Table.Th>
            <Table.Th>{t('table.record')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => {
            const isOpen = openId === entry.id;
            const detailsId = `activity-changes-${entry.id}`;
            return (
              <Fragment key={entry.id}>
                <Table.Tr>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      aria-expanded={isOpen}
                      aria-controls={detailsId}
                      aria-label={isOpen ? t('table.hideChanges') : t('table.showChanges')}
                      onClick={() => setOpenId(isOpen ? null : entry.id)}
                    >
                      {isOpen ? <IconChevronDown size={18} aria-hidden /> : <IconChevronRight size={18} aria-hidden />}
                    </ActionIcon>
                  </Table.Td>
                  <Table.Td>
                    <time dateTime={entry.at}>{format.dateTime(entry.at)}</time>
                  </Table.Td>
                  <Table.Td>{entry.actor ? entry.actor.name || entry.actor.uid : t('table.system')}</Table.Td>
                  <Table.Td>{t(`actions.${activityActionKey(entry.action)}`, { defaultValue: entry.action })}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{entry.entityType ? t(`entityTypes.${entry.entityType}`, { defaultValue: entry.entityType }) : t('changes.empty')}</Text>
                    {entry.entityId && (
                      <Text size="xs" c="dimmed" ff="monospace">
                        {entry.entityId}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
                {isOpen && (
                  <Table.Tr id={detailsId}>
                    <Table.Td />
                    <Table.Td colSpan={4}>
                      <ActivityChanges entry={entry} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
