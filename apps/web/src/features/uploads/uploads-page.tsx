import { useRef, useState } from 'react';
import { Alert, Button, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { UploadMapping, UploadQuestion, UploadReport } from '@agency/shared';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../lib/confirm.ts';
import { errorText, notifyError, notifySuccess } from '../../lib/notify.ts';
import { FileSummary } from './file-summary.tsx';
import { ImportBar, ReportPlaceholder } from './import-bar.tsx';
import { ReportChanges } from './report-changes.tsx';
import { ReportErrors, ReportWarnings } from './report-problems.tsx';
import { useReportText } from './report-text.ts';
import {
  answerFields,
  cleanMapping,
  importBlock,
  NO_ANSWERS,
  rememberQuestions,
  suggestedMapping,
  type AskedQuestions,
  type MappingQuestion,
  type UploadAnswers,
} from './upload-answers.ts';
import { UploadForm } from './upload-form.tsx';
import { UploadHistory } from './upload-history.tsx';
import { UploadQuestions } from './upload-questions.tsx';
import { downloadSample, UploadRefusedError, useUpload } from './uploads-api.ts';

function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

/** What a check checked: an import is offered only for exactly this file, date and choice. */
function checkKey(file: File | null, asOf: string, createUnknown: boolean): string | null {
  return file && asOf ? `${file.name}|${file.size}|${file.lastModified}|${asOf}|${createUnknown}` : null;
}

function isMappingQuestion(question: UploadQuestion): question is MappingQuestion {
  return question.kind === 'mapping';
}

/** The last check: the file, date and choice it was for, and the columns it was sent with. */
interface CheckedFile {
  key: string;
  mapping: UploadMapping;
}

/**
 * Admin: the backstage export upload (docs/product.md §6). Check the file (a dry run), answer its
 * questions (which month, rolling figures, which columns, creators missing from the file), then
 * import it with the same answers. A new file or date starts over.
 */
export default function UploadsPage() {
  const { t } = useTranslation('uploads');
  const text = useReportText();
  const upload = useUpload();
  const [file, setFile] = useState<File | null>(null);
  const [asOf, setAsOf] = useState(todayIso);
  const [createUnknown, setCreateUnknown] = useState(false);
  const [report, setReport] = useState<UploadReport | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [checked, setChecked] = useState<CheckedFile | null>(null);
  const [answers, setAnswers] = useState<UploadAnswers>(NO_ANSWERS);
  const [asked, setAsked] = useState<AskedQuestions>({});
  const [status, setStatus] = useState('');
  const [downloading, setDownloading] = useState(false);
  // Answers to an earlier file must not land on a new one: a response of an older file is dropped.
  const generation = useRef(0);

  const key = checkKey(file, asOf, createUnknown);
  const block = importBlock({ report, isCurrentCheck: checked !== null && checked.key === key, checkedMapping: checked?.mapping ?? null, answers });
  const checking = upload.isPending && upload.variables?.dryRun === true;
  const importing = upload.isPending && upload.variables?.dryRun === false;

  function startOver() {
    generation.current += 1;
    setReport(null);
    setRefusal(null);
    setChecked(null);
    setAnswers(NO_ANSWERS);
    setAsked({});
    setStatus('');
  }

  function acceptCheck(result: UploadReport, sentKey: string, sentMapping: UploadMapping) {
    setReport(result);
    setChecked({ key: sentKey, mapping: sentMapping });
    setAsked((previous) => rememberQuestions(previous, result.questions));
    const mappingQuestion = result.questions.find(isMappingQuestion);
    if (mappingQuestion) {
      // The server's suggestion preselects the columns, unless the admin already chose some.
      setAnswers((current) => (Object.keys(cleanMapping(current.mapping)).length > 0 ? current : { ...current, mapping: suggestedMapping(mappingQuestion) }));
    }
  }

  async function send(dryRun: boolean) {
    if (!file || !asOf || !key) {
      setRefusal(t('errors:FILE_AND_DATE_REQUIRED'));
      return;
    }
    const fields = answerFields(answers, asked);
    const started = generation.current;
    setRefusal(null);
    setStatus(dryRun ? t('status.checking') : t('status.importing'));
    try {
      const result = await upload.mutateAsync({ file, asOf, dryRun, createUnknown, ...fields });
      if (started !== generation.current) return;
      if (dryRun) {
        acceptCheck(result.report, key, fields.mapping ?? {});
        setStatus(text.text('status.checked', { count: result.report.rows }));
      } else {
        setReport(result.report);
        setChecked(null);
        setAsked({});
        setAnswers(NO_ANSWERS);
        setStatus(t('done'));
        notifySuccess('FILE_UPLOADED');
      }
    } catch (error) {
      if (started !== generation.current) return;
      const refused = error instanceof UploadRefusedError ? error.report : null;
      // A refused file keeps its report, questions and answers: a wrong column can be chosen again.
      if (refused) acceptCheck(refused, key, fields.mapping ?? {});
      else {
        setChecked(null);
        setReport(null);
      }
      setStatus('');
      setRefusal(errorText(error));
    }
  }

  async function commit() {
    if (!report) return;
    const fields = answerFields(answers, asked);
    const month = fields.period ?? report.period;
    const otherMonth = month !== report.period;
    const { counts } = report;
    const monthHasFigures =
      counts.changed + counts.unchanged + counts.missing > 0 || report.changes.some((change) => change.kind === 'removed' || change.kind === 'kept' || change.kind === 'zeroed');
    if (monthHasFigures || otherMonth) {
      const sentences = [otherMonth ? text.text('confirm.otherMonthBody', { month: text.month(month) }) : t('confirm.body')];
      if (counts.missing > 0) sentences.push(text.text(fields.missing === 'zero' ? 'confirm.zeroBody' : 'confirm.keepBody', { count: counts.missing }));
      const confirmed = await confirmAction({
        title: t('confirm.title', { period: text.month(month) }),
        body: (
          <Stack gap="xs">
            {sentences.map((sentence) => (
              <Text key={sentence} size="sm">
                {sentence}
              </Text>
            ))}
          </Stack>
        ),
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

  const showQuestions = report !== null && checked !== null;
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

      <UploadForm
        file={file}
        asOf={asOf}
        createUnknown={createUnknown}
        onFile={(value) => {
          setFile(value);
          startOver();
        }}
        onAsOf={(value) => {
          setAsOf(value);
          startOver();
        }}
        onCreateUnknown={setCreateUnknown}
        onCheck={() => void send(true)}
        checking={checking}
        importing={importing}
      />

      <VisuallyHidden role="status" aria-live="polite">
        {status}
      </VisuallyHidden>
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

      <Stack gap="lg" aria-busy={checking} style={checking && report ? { opacity: 0.6 } : undefined}>
        {report ? <FileSummary report={report} /> : <ReportPlaceholder checking={checking} />}
        {report && report.rows === 0 && (
          <Text c="dimmed">{report.questions.some(isMappingQuestion) ? t('report.noRowsMapping') : t('report.noRows')}</Text>
        )}
        {showQuestions && (
          <UploadQuestions
            report={report}
            asked={asked}
            answers={answers}
            setAnswers={setAnswers}
            checkedMapping={checked.mapping}
            checking={checking}
            onCheckAgain={() => void send(true)}
          />
        )}

        <ImportBar block={block} checking={checking} importing={importing} onImport={() => void commit()} />

        {report && <ReportErrors errors={report.errors} />}
        {report && <ReportWarnings warnings={report.warnings} />}
        {report && <ReportChanges changes={report.changes} />}
      </Stack>

      <UploadHistory />
    </Stack>
  );
}
