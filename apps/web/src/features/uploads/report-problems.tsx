import { Accordion, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { UPLOAD_WARNING_KINDS, type UploadReport, type UploadWarning, type UploadWarningKind } from '@agency/shared';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format.ts';
import { useReportText } from './report-text.ts';

/** Rows listed per table; the counts above stay complete. */
const ERRORS_SHOWN = 200;
const WARNINGS_SHOWN_PER_KIND = 50;

const nowrap = { whiteSpace: 'nowrap' } as const;
const wrap = { overflowWrap: 'anywhere' } as const;

function MoreRows({ count }: { count: number }) {
  const text = useReportText();
  return count > 0 ? (
    <Text size="sm" c="dimmed">
      {text.text('report.moreRows', { count })}
    </Text>
  ) : null;
}

/** Row errors: the file imports nothing while any exists. */
export function ReportErrors({ errors }: { errors: UploadReport['errors'] }) {
  const { t } = useTranslation('uploads');
  const text = useReportText();
  if (errors.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="upload-errors-title">
      <Title order={2} size="h4" id="upload-errors-title">
        {text.text('report.errorsTitle', { count: errors.length })}
      </Title>
      <Text size="sm">{t('report.errorsHint')}</Text>
      <Table.ScrollContainer minWidth={560}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={nowrap}>{t('report.row')}</Table.Th>
              <Table.Th>{t('report.column')}</Table.Th>
              <Table.Th>{t('report.problem')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {errors.slice(0, ERRORS_SHOWN).map((error, index) => (
              <Table.Tr key={index}>
                <Table.Td style={nowrap}>{error.row === 0 ? t('report.wholeFile') : error.row}</Table.Td>
                <Table.Td style={wrap}>{error.column ?? '—'}</Table.Td>
                <Table.Td style={wrap}>{text.error(error)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <MoreRows count={errors.length - ERRORS_SHOWN} />
    </Stack>
  );
}

function WarningRows({ warnings }: { warnings: UploadWarning[] }) {
  const { t } = useTranslation('uploads');
  const text = useReportText();
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={560}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={nowrap}>{t('report.row')}</Table.Th>
              <Table.Th>{t('report.username')}</Table.Th>
              <Table.Th>{t('report.details')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {warnings.slice(0, WARNINGS_SHOWN_PER_KIND).map((warning, index) => (
              <Table.Tr key={index}>
                <Table.Td style={nowrap}>{warning.row ?? '—'}</Table.Td>
                <Table.Td style={wrap}>{warning.tiktokUsername ? `@${warning.tiktokUsername}` : '—'}</Table.Td>
                <Table.Td style={wrap}>{text.warning(warning)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <MoreRows count={warnings.length - WARNINGS_SHOWN_PER_KIND} />
    </Stack>
  );
}

/** Warnings grouped by kind (a big file can have thousands): each group with its count and its first rows. */
export function ReportWarnings({ warnings }: { warnings: UploadReport['warnings'] }) {
  const text = useReportText();
  const format = useFormatters();
  if (warnings.length === 0) return null;
  const groups = new Map<UploadWarningKind, UploadWarning[]>();
  for (const warning of warnings) {
    const group = groups.get(warning.kind);
    if (group) group.push(warning);
    else groups.set(warning.kind, [warning]);
  }
  const kinds = UPLOAD_WARNING_KINDS.filter((kind) => groups.has(kind));
  return (
    <Stack gap="xs" component="section" aria-labelledby="upload-warnings-title">
      <Title order={2} size="h4" id="upload-warnings-title">
        {text.text('report.warningsTitle', { count: warnings.length })}
      </Title>
      {/* Remounted when the kinds change, so that every group of a new report starts open. */}
      <Accordion key={kinds.join()} multiple defaultValue={[...kinds]} variant="contained">
        {kinds.map((kind) => {
          const rows = groups.get(kind)!;
          return (
            <Accordion.Item key={kind} value={kind}>
              <Accordion.Control>
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Text fw={600} style={wrap}>
                    {text.warningGroup(kind, rows.length)}
                  </Text>
                  <Badge variant="light" color="gray" style={{ flexShrink: 0 }} aria-hidden>
                    {format.number(rows.length)}
                  </Badge>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <WarningRows warnings={rows} />
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </Stack>
  );
}
