import { Card, DataList, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { UPLOAD_COLUMN_FIELDS, type UploadColumnField, type UploadReport } from '@agency/shared';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format.ts';
import { useReportText } from './report-text.ts';

const DELIMITERS = new Map([
  [',', 'comma'],
  [';', 'semicolon'],
  ['\t', 'tab'],
  ['|', 'pipe'],
]);
const wrap = { overflowWrap: 'anywhere', minWidth: 0 } as const;
const figures = { fontVariantNumeric: 'tabular-nums' } as const;

function isColumnField(field: string): field is UploadColumnField {
  return (UPLOAD_COLUMN_FIELDS as readonly string[]).includes(field);
}

/** How the file was read: format, encoding and delimiter or sheet, header row, data period, kind of figures, columns. */
function FileFacts({ file, columns }: { file: NonNullable<UploadReport['file']>; columns: UploadReport['columns'] }) {
  const { t } = useTranslation('uploads');
  const text = useReportText();
  const delimiter = file.delimiter === null ? undefined : DELIMITERS.get(file.delimiter);
  const columnsRead = Object.entries(columns).filter(([, field]) => isColumnField(field));
  const facts: [string, string][] = [[t('file.format'), t(`file.formats.${file.format}`)]];
  if (file.encoding) facts.push([t('file.encoding'), file.encoding]);
  if (file.delimiter !== null) facts.push([t('file.delimiter'), delimiter ? t(`file.delimiters.${delimiter}`) : text.text('file.delimiters.other', { value: file.delimiter })]);
  if (file.sheet) facts.push([t('file.sheet'), file.sheet]);
  facts.push([t('file.headerRow'), file.headerRow === null ? t('file.headerRowNone') : String(file.headerRow)]);
  facts.push([t('file.dataPeriod'), file.dataPeriod ? text.range(file.dataPeriod.from, file.dataPeriod.to) : t('file.dataPeriodNone')]);
  facts.push([t('file.figureKind'), t(`file.figureKinds.${file.figureKind}`)]);
  facts.push([t('file.columns'), t(`file.mappingSources.${file.mappingSource}`)]);
  if (columnsRead.length > 0) {
    const read = columnsRead.map(([header, field]) => text.text('file.columnRead', { header, field: t(`questions.fields.${field}`) }));
    facts.push([t('file.columnsRead'), read.join(', ')]);
  }
  if (file.dateOrder) {
    const order = t(`file.dateOrders.${file.dateOrder}`);
    facts.push([t('file.dateOrder'), text.text(file.dateOrderSource === 'locale' ? 'file.dateOrderFromLocale' : 'file.dateOrderFromValues', { order })]);
  }
  return (
    <DataList labelWidth="9rem" withDivider>
      {facts.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue style={wrap}>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}

function Counts({ report }: { report: UploadReport }) {
  const { t } = useTranslation('uploads');
  const format = useFormatters();
  const { counts } = report;
  const stats: [string, number][] = [
    [t('report.rows'), report.rows],
    [t('report.imported'), report.imported],
    [t('report.created'), report.created],
    [t('report.skipped'), report.skipped],
    [t('report.new'), counts.new],
    [t('report.changed'), counts.changed],
    [t('report.unchanged'), counts.unchanged],
    [t('report.unknown'), counts.unknown],
    [t('report.missing'), counts.missing],
  ];
  // Rarer outcomes only when they happened, so the usual report stays short.
  const rare: [string, number][] = [
    [t('report.zeroed'), counts.zeroed],
    [t('report.quit'), counts.quit],
    [t('report.duplicates'), counts.duplicates],
    [t('report.approximate'), counts.approximate],
  ];
  stats.push(...rare.filter(([, value]) => value > 0));
  stats.push([t('report.warnings'), report.warnings.length], [t('report.errors'), report.errors.length]);
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing="sm">
      {stats.map(([label, value]) => (
        <Card key={label} withBorder padding="sm">
          <Text size="xs" c="dimmed" style={wrap}>
            {label}
          </Text>
          <Text fw={700} style={figures}>
            {format.number(value)}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** The first part of a report: the month, how the file was read, the counts. */
export function FileSummary({ report }: { report: UploadReport }) {
  const { t } = useTranslation('uploads');
  const text = useReportText();
  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('file.title')}
        </Title>
        <Text fw={600}>{t('report.period', { period: text.month(report.period), asOf: text.day(report.asOf) })}</Text>
        {report.file ? <FileFacts file={report.file} columns={report.columns} /> : <Text c="dimmed">{t('file.notRead')}</Text>}
        <Counts report={report} />
      </Stack>
    </Card>
  );
}
