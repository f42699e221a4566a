import { useState } from 'react';
import { ActionIcon, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { activityActionKey, type ActivityLogEntry } from '@agency/shared';
import { DataList, type DataColumn } from '../../../components/data-list.tsx';
import { useFormatters } from '../../../lib/format.ts';
import { ActivityChanges } from './activity-changes.tsx';
import { activityRecordText } from './activity-values.ts';

/**
 * Entries newest first, by name (who, what, which record; never an id); a row opens to show the
 * before/after of the fields it changed. On a narrow
 * table the record and then the actor give way (to the row's details); on phones each entry is a card.
 */
export function ActivityTable({ entries }: { entries: ActivityLogEntry[] }) {
  const { t } = useTranslation('activity');
  const format = useFormatters();
  const [openId, setOpenId] = useState<string | null>(null);
  // The record by name, never by id: a record the server could not name shows its type alone.
  const recordText = (entry: ActivityLogEntry) => activityRecordText(entry.record ?? null, format, (key, options) => t(key, options ?? {}) as string);
  const actionText = (entry: ActivityLogEntry) => t(`actions.${activityActionKey(entry.action)}`, { defaultValue: entry.action });
  const columns: DataColumn<ActivityLogEntry>[] = [
    {
      key: 'toggle',
      label: t('table.details'),
      labelHidden: true,
      card: 'actions',
      cell: (entry) => {
        const isOpen = openId === entry.id;
        return (
          <ActionIcon
            variant="subtle"
            aria-expanded={isOpen}
            aria-controls={`activity-changes-${entry.id}`}
            aria-label={isOpen ? t('table.hideChanges') : t('table.showChanges')}
            onClick={() => setOpenId(isOpen ? null : entry.id)}
          >
            {isOpen ? <IconChevronDown size={18} aria-hidden /> : <IconChevronRight size={18} aria-hidden />}
          </ActionIcon>
        );
      },
    },
    { key: 'time', label: t('table.time'), cell: (entry) => <time dateTime={entry.at}>{format.dateTime(entry.at)}</time> },
    { key: 'actor', label: t('table.actor'), priority: 1, cell: (entry) => (entry.actor ? entry.actor.name || t('changes.empty') : t('table.system')) },
    { key: 'action', label: t('table.action'), card: 'title', wrap: true, cell: actionText },
    {
      key: 'record',
      label: t('table.record'),
      priority: 2,
      // A file name or a member with a month wraps rather than pushing the record into the drawer.
      wrap: true,
      cell: (entry) => (
        <>
          <Text size="sm">
            {/* An admin's account is not a member's. */}
            {entry.entityType === 'user' && entry.record?.role === 'admin'
              ? t('entityTypes.admin')
              : entry.entityType
                ? t(`entityTypes.${entry.entityType}`, { defaultValue: entry.entityType })
                : t('changes.empty')}
          </Text>
          {recordText(entry) && (
            <Text size="sm" c="dimmed">
              {recordText(entry)}
            </Text>
          )}
        </>
      ),
    },
  ];
  return (
    <DataList
      rows={entries}
      rowKey={(entry) => entry.id}
      rowLabel={actionText}
      columns={columns}
      highlightOnHover
      expanded={(entry) =>
        openId === entry.id ? (
          <div id={`activity-changes-${entry.id}`}>
            <ActivityChanges entry={entry} />
          </div>
        ) : null
      }
    />
  );
}
