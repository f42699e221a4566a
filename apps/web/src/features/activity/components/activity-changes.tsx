import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { listChangedFields, type ActivityLogEntry } from '@agency/shared';
import { HIDDEN_FIELDS, useActivityValueText } from './activity-values.ts';

/** The before/after of one entry as a field list; fields without a translation show their name. */
export function ActivityChanges({ entry }: { entry: Pick<ActivityLogEntry, 'before' | 'after'> & Partial<Pick<ActivityLogEntry, 'names'>> }) {
  const { t } = useTranslation('activity');
  const valueText = useActivityValueText(entry.names);
  const changes = listChangedFields(entry.before, entry.after).filter((change) => !HIDDEN_FIELDS.has(change.field));
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('changes.none')}
      </Text>
    );
  }
  return (
    <Table withTableBorder withColumnBorders fz="sm" aria-label={t('changes.caption')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('changes.field')}</Table.Th>
          <Table.Th>{t('changes.before')}</Table.Th>
          <Table.Th>{t('changes.after')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.map((change) => (
          <Table.Tr key={change.field}>
            <Table.Td>{t(`fields.${change.field}`, { defaultValue: change.field })}</Table.Td>
            <Table.Td>{valueText(change.field, change.before)}</Table.Td>
            <Table.Td>{valueText(change.field, change.after)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
