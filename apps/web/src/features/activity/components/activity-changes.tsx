import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { listChangedFields, type ActivityLogEntry } from '@agency/shared';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A value as a person reads it: times in the viewer's locale, yes/no, an em dash for nothing. */
function useValueText() {
  const { t, i18n } = useTranslation('activity');
  return (value: unknown): string => {
    if (value === undefined || value === null || value === '') return t('changes.empty');
    if (typeof value === 'boolean') return value ? t('changes.yes') : t('changes.no');
    if (typeof value === 'string' && ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))) {
      return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
    }
    if (typeof value === 'object') return JSON.stringify(value);
    return String(value);
  };
}

/** The before/after of one entry as a field list; fields without a translation show their name. */
export function ActivityChanges({ entry }: { entry: Pick<ActivityLogEntry, 'before' | 'after'> }) {
  const { t } = useTranslation('activity');
  const valueText = useValueText();
  const changes = listChangedFields(entry.before, entry.after);
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
            <Table.Td>{valueText(change.before)}</Table.Td>
            <Table.Td>{valueText(change.after)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
