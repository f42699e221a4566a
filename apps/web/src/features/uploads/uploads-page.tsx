import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Checkbox, FileInput, Group, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconFileCheck, IconUpload } from '@tabler/icons-react';
import type { UploadReport } from '@agency/shared';
import { useTranslation } from 'react-i18next';
import { ListFooter, ListState } from '../../components/list-parts.tsx';
import { confirmAction } from '../../lib/confirm.ts';
import { downloadFile } from '../../lib/download.ts';
import { useFormatters } from '../../lib/format.ts';
import { errorText, notifyError, notifySuccess } from '../../lib/notify.ts';
import { downloadSample, UploadRefusedError, useUpload, useUploadHistory } from './uploads-api.ts';

const MAX_ROWS_SHOWN = 200;

function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

/** What a dry run checked: an import is offered only for exactly this file, date and choice. */
function checkKey(file: File | null, asOf: string, createUnknown: boolean): string | null {
  return file && asOf ? `${file.name}|${file.size}|${file.lastModified}|${asOf}|${createUnknown}` : null;
}

function ReportView({ report }: { report: UploadReport }) {
  const { t } = useTranslation('uploads');
  const format = useFormatters();
  const figures = (value: UploadReport['changes'][number]['before']) =>
    value ? `${format.number(value.diamonds)} · ${format.number(value.validDays)} · ${format.duration(value.liveSeconds)}` : '—';
  const stats: [string, number][] = [
    [t('report.rows'), report.rows],
    [t('report.imported'), report.imported],
    [t('report.created'), report.created],
    [t('report.skipped'), report.skipped],
    [t('report.new'), report.counts.new],
    [t('report.changed'), report.counts.changed],
    [t('report.unchanged'), report.counts.unchanged],
    [t('report.unknown'), report.counts.unknown],
    [t('report.missing'), report.counts.missing],
  ];
  return (
    <Stack gap="md" aria-live="polite">
      <Text>{t('report.period', { period: report.period, asOf: format.date(report.asOf) })}</Text>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }}>
        {stats.map(([label, value]) => (
          <Card key={label} withBorder padding="sm">
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700}>{format.number(value)}</Text>
          </Card>
        ))}
      </SimpleGrid>

      {report.errors.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('report.errorsTitle', { count: report.errors.length })}
          </Title>
          <Table.ScrollContainer minWidth={480}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('report.row')}</Table.Th>
                  <Table.Th>{t('report.column')}</Table.Th>
                  <Table.Th>{t('report.problem')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.errors.slice(0, MAX_ROWS_SHOWN).map((error, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>{error.row === 0 ? t('report.wholeFile') : error.row}</Table.Td>
                    <Table.Td>{error.column ?? '—'}</Table.Td>
                    <Table.Td>{error.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}

      {report.warnings.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('report.warningsTitle', { count: report.warnings.length })}
          </Title>
          <Table.ScrollContainer minWidth={480}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('report.row')}</Table.Th>
                  <Table.Th>{t('report.username')}</Table.Th>
                  <Table.Th>{t('report.warning')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.warnings.slice(0, MAX_ROWS_SHOWN).map((warning, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>{warning.row ?? '—'}</Table.Td>
                    <Table.Td>@{warning.tiktokUsername}</Table.Td>
                    <Table.Td>{t(`warnings.${warning.kind}`)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}

      {report.changes.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('report.changesTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('report.changesHint')}
          </Text>
          <Table.ScrollContainer minWidth={640}>
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
                {report.changes.slice(0, MAX_ROWS_SHOWN).map((change) => (
                  <Table.Tr key={`${change.kind}-${change.tiktokUsername}`}>
                    <Table.Td>@{change.tiktokUsername}</Table.Td>
                    <Table.Td>
                      <Badge variant="light">{t(`changes.${change.kind}`)}</Badge>
                    </Table.Td>
                    <Table.Td>{figures(change.before)}</Table.Td>
                    <Table.Td>{figures(change.after)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Stack>
  );
}

function UploadHistory() {
  const { t } = useTranslation('uploads');
  const format = useFormatters();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const history = useUploadHistory(page, pageSize);
  const items = history.data?.items ?? [];
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('history.title')}
      </Title>
      <ListState query={history} isEmpty={items.length === 0} isFiltered={false} />
      {items.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('history.when')}</Table.Th>
                <Table.Th>{t('history.who')}</Table.Th>
                <Table.Th>{t('history.file')}</Table.Th>
                <Table.Th>{t('history.period')}</Table.Th>
                <Table.Th>{t('history.asOf')}</Table.Th>
                <Table.Th>{t('report.imported')}</Table.Th>
                <Table.Th>{t('report.created')}</Table.Th>
                <Table.Th>{t('report.skipped')}</Table.Th>
                <Table.Th>{t('report.missing')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>{format.dateTime(item.createdAt)}</Table.Td>
                  <Table.Td>{item.uploadedBy ? `${item.uploadedBy.firstName} ${item.uploadedBy.lastName}` : '—'}</Table.Td>
                  <Table.Td>
                    {item.hasFile ? (
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        aria-label={t('history.download', { name: item.fileName })}
                        onClick={() => downloadFile(`/admin/uploads/${item.id}/file`, item.fileName).catch(notifyError)}
                      >
                        <Group gap={4} wrap="nowrap">
                          <IconDownload size={14} aria-hidden />
                          {item.fileName}
                        </Group>
                      </Anchor>
                    ) : (
                      item.fileName
                    )}
                  </Table.Td>
                  <Table.Td>{item.period}</Table.Td>
                  <Table.Td>{format.date(item.asOf)}</Table.Td>
                  <Table.Td>{format.number(item.imported)}</Table.Td>
                  <Table.Td>{format.number(item.created)}</Table.Td>
                  <Table.Td>{format.number(item.skipped)}</Table.Td>
                  <Table.Td>{format.number(item.missing)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {history.data && history.data.total > 0 && (
        <ListFooter
          total={history.data.total}
          page={page}
          pageSize={pageSize}
          onPage={setPage}
          onPageSize={(size) => {
            setPageSize(size);
            setPage(1);
          }}
          totalLabel={t('history.total', { count: history.data.total })}
        />
      )}
    </Stack>
  );
}

/** Admin: the backstage export upload (PRODUCT section 2): check the file, then import it. */
export default function UploadsPage() {
  const { t } = useTranslation('uploads');
  const upload = useUpload();
  const [file, setFile] = useState<File | null>(null);
  const [asOf, setAsOf] = useState(todayIso);
  const [createUnknown, setCreateUnknown] = useState(false);
  const [report, setReport] = useState<UploadReport | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [checkedKey, setCheckedKey] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);

  const key = checkKey(file, asOf, createUnknown);
  const canImport = key !== null && key === checkedKey && report !== null && report.dryRun && report.errors.length === 0;

  async function send(dryRun: boolean) {
    if (!file || !asOf) {
      setRefusal(t('errors:FILE_AND_DATE_REQUIRED'));
      return;
    }
    setRefusal(null);
    try {
      const result = await upload.mutateAsync({ file, asOf, dryRun, createUnknown });
      setReport(result.report);
      if (dryRun) setCheckedKey(key);
      else {
        setCheckedKey(null);
        notifySuccess('FILE_UPLOADED');
      }
    } catch (error) {
      setCheckedKey(null);
      setReport(error instanceof UploadRefusedError ? error.report : null);
      setRefusal(errorText(error));
    }
  }

  async function commit() {
    if (!report) return;
    const monthHasFigures = report.counts.changed + report.counts.unchanged > 0 || report.changes.some((change) => change.kind === 'removed');
    if (monthHasFigures) {
      const confirmed = await confirmAction({
        title: t('confirm.title', { period: report.period }),
        body: t('confirm.body'),
        confirmLabel: t('confirm.yes'),
      });
      if (!confirmed) return;
    }
    await send(false);
  }

  async function sample() {
    setDownloading(true);
    try {
      await downloadSample();
    } catch (error) {
      notifyError(error);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Button variant="subtle" leftSection={<IconDownload size={16} aria-hidden />} loading={downloading} onClick={() => void sample()}>
          {t('sample')}
        </Button>
      </Group>
      <Text c="dimmed">{t('intro')}</Text>

      <Card withBorder padding="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void send(true);
          }}
        >
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <FileInput
                label={t('form.file')}
                description={t('form.fileHint')}
                placeholder={t('form.filePlaceholder')}
                accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                value={file}
                onChange={(value) => {
                  setFile(value);
                  setReport(null);
                  setRefusal(null);
                }}
                clearable
                required
              />
              <TextInput
                type="date"
                label={t('form.asOf')}
                description={t('form.asOfHint')}
                value={asOf}
                onChange={(event) => setAsOf(event.currentTarget.value)}
                required
              />
            </SimpleGrid>
            <Checkbox
              label={t('form.createUnknown')}
              description={t('form.createUnknownHint')}
              checked={createUnknown}
              onChange={(event) => setCreateUnknown(event.currentTarget.checked)}
            />
            <Group>
              <Button type="submit" variant="light" leftSection={<IconFileCheck size={16} aria-hidden />} loading={upload.isPending && upload.variables?.dryRun === true}>
                {t('form.check')}
              </Button>
              <Button
                leftSection={<IconUpload size={16} aria-hidden />}
                disabled={!canImport}
                loading={upload.isPending && upload.variables?.dryRun === false}
                onClick={() => void commit()}
              >
                {t('form.import')}
              </Button>
              {!canImport && (
                <Text size="sm" c="dimmed">
                  {t('form.importHint')}
                </Text>
              )}
            </Group>
          </Stack>
        </form>
      </Card>

      {refusal && (
        <Alert color="red" role="alert" title={t('refused')}>
          {refusal}
        </Alert>
      )}
      {report && !report.dryRun && report.uploadId && (
        <Alert color="teal" title={t('done')}>
          {t('doneBody', { count: report.imported })}
        </Alert>
      )}
      {report && <ReportView report={report} />}

      <UploadHistory />
    </Stack>
  );
}
