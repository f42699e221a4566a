import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import type { UploadChange, UploadReport } from '@agency/shared';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format.ts';
import { useReportText } from './report-text.ts';

const CHANGES_SHOWN = 200;
const CHANGE_COLORS: Record<UploadChange['kind'], string> = {
  new: 'teal',
  created: 'teal',
  changed: 'blue',
  unchanged: 'gray',
  kept: 'gray',
  removed: 'red',
  zeroed: 'red',
};
const nowrap = { whiteSpace: 'nowrap' } as const;
const figures = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** Each creator's figures in the file against the month's current figures. */
export function ReportChanges({ changes }: { changes: UploadReport['changes'] }) {
  const { t } = useTranslation('uploads');
  const text = useReportText();
  const format = useFormatters();
  if (changes.length === 0) return null;
  const figuresOf = (value: UploadChange['before']) =>
    value ? `${format.number(value.diamonds)} · ${format.number(value.validDays)} · ${format.duration(value.liveSeconds)}` : '—';
  return (
    <Stack gap="xs" component="section" aria-labelledby="upload-changes-title">
      <Title order={2} size="h4" id="upload-changes-title">
        {t('report.changesTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('report.changesHint')}
      </Text>
      <Table.ScrollContainer minWidth={680}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('report.username')}</Table.Th>
              <Table.Th>{t('report.change')}</Table.Th>
              <Table.Th>{t('report.before')}</Table.Th>
              <Table.Th>{t('report.after')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changes.slice(0, CHANGES_SHOWN).map((change) => (
              <Table.Tr key={`${change.kind}-${change.tiktokUsername}`}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>@{change.tiktokUsername}</Table.Td>
                <Table.Td style={nowrap}>
                  {/* The status is never cut: the badge keeps its whole word and the table scrolls instead. */}
                  <Badge variant="light" color={CHANGE_COLORS[change.kind]} styles={{ label: { overflow: 'visible' } }}>
                    {t(`changes.${change.kind}`)}
                  </Badge>
                </Table.Td>
                <Table.Td style={figures}>{figuresOf(change.before)}</Table.Td>
                <Table.Td style={figures}>{figuresOf(change.after)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {changes.length > CHANGES_SHOWN && (
        <Text size="sm" c="dimmed">
          {text.text('report.moreRows', { count: changes.length - CHANGES_SHOWN })}
        </Text>
      )}
    </Stack>
  );
}
