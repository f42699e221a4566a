import { Alert, Badge, Button, Card, Checkbox, Group, NativeSelect, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { UPLOAD_COLUMN_FIELDS, UPLOAD_REQUIRED_FIELDS, type UploadColumnField, type UploadMapping, type UploadReport } from '@agency/shared';
import { useTranslation } from 'react-i18next';
import { useReportText } from './report-text.ts';
import { isAnswered, repeatedColumns, sameMapping, type AskedQuestions, type MappingQuestion, type PeriodQuestion, type UploadAnswers, type WindowQuestion } from './upload-answers.ts';

const SAMPLES_SHOWN = 3;
const SAMPLE_LENGTH = 30;
const wrap = { overflowWrap: 'anywhere' } as const;

type SetAnswers = (change: (answers: UploadAnswers) => UploadAnswers) => void;

function NeedsAnswer({ open }: { open: boolean }) {
  const { t } = useTranslation('uploads');
  return open ? (
    <Badge color="orange" variant="light" style={{ flexShrink: 0 }}>
      {t('questions.needsAnswer')}
    </Badge>
  ) : null;
}

function QuestionTitle({ children, open }: { children: string; open: boolean }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
      <Title order={3} size="h5" style={wrap}>
        {children}
      </Title>
      <NeedsAnswer open={open} />
    </Group>
  );
}

function PeriodQuestionView({ question, answers, setAnswers, open, reportPeriod }: { question: PeriodQuestion; answers: UploadAnswers; setAnswers: SetAnswers; open: boolean; reportPeriod: string }) {
  const { t } = useTranslation('uploads');
  const text = useReportText();
  const options = [
    { month: question.fileMonth, hint: t('questions.period.fileMonth') },
    { month: question.asOfMonth, hint: t('questions.period.asOfMonth') },
  ];
  return (
    <Stack gap="xs">
      <QuestionTitle open={open}>{t('questions.period.title')}</QuestionTitle>
      <Radio.Group
        label={t('questions.period.legend')}
        description={text.text('questions.period.explain', { fileMonth: text.month(question.fileMonth), asOfMonth: text.month(question.asOfMonth) })}
        value={answers.period}
        onChange={(period) => setAnswers((current) => ({ ...current, period }))}
      >
        <Stack gap="xs" mt="xs">
          {options.map((option) => (
            <Radio key={option.month} value={option.month} label={text.text('questions.period.option', { month: text.month(option.month) })} description={option.hint} />
          ))}
        </Stack>
      </Radio.Group>
      {answers.period && answers.period !== reportPeriod && (
        <Alert color="orange" variant="light" role="note" icon={<IconInfoCircle size={18} aria-hidden />}>
          {text.text('questions.period.recheck', { shown: text.month(reportPeriod), chosen: text.month(answers.period) })}
        </Alert>
      )}
    </Stack>
  );
}

function WindowQuestionView({ question, answers, setAnswers, open, month }: { question: WindowQuestion; answers: UploadAnswers; setAnswers: SetAnswers; open: boolean; month: string }) {
  const { t } = useTranslation('uploads');
  const text = useReportText();
  const kind = question.figureKind === 'rolling30' || question.figureKind === 'selectedPeriod' ? question.figureKind : 'unknown';
  const range = text.range(question.from, question.to);
  return (
    <Stack gap="xs">
      <QuestionTitle open={open}>{t('questions.window.title')}</QuestionTitle>
      <Text size="sm">{t(`questions.window.${kind}`)}</Text>
      {range && <Text size="sm">{text.text('questions.window.period', { range })}</Text>}
      <Checkbox
        label={text.text('questions.window.accept', { month: text.month(month) })}
        description={t('questions.window.acceptHint')}
        checked={answers.acceptWindow}
        onChange={(event) => {
          const acceptWindow = event.currentTarget.checked;
          setAnswers((current) => ({ ...current, acceptWindow }));
        }}
      />
    </Stack>
  );
}

function MappingQuestionView({ question, answers, setAnswers, open, readWithMapping }: { question: MappingQuestion; answers: UploadAnswers; setAnswers: SetAnswers; open: boolean; readWithMapping: number | null }) {
  const { t } = useTranslation('uploads');
  const text = useReportText();
  const repeated = repeatedColumns(answers.mapping);
  const columnLabel = (column: MappingQuestion['columns'][number]) => {
    const header = column.header.trim() || text.text('questions.mapping.untitled', { number: column.index + 1 });
    const samples = column.samples
      .filter((sample) => sample.trim() !== '')
      .slice(0, SAMPLES_SHOWN)
      .map((sample) => (sample.length > SAMPLE_LENGTH ? `${sample.slice(0, SAMPLE_LENGTH - 1)}…` : sample));
    return samples.length > 0 ? text.text('questions.mapping.option', { header, samples: samples.join(', ') }) : header;
  };
  const options = question.columns.map((column) => ({ value: String(column.index), label: columnLabel(column) }));
  // The fields the file lacks first, then the other columns the import can read.
  const fields: UploadColumnField[] = [...question.missing, ...UPLOAD_COLUMN_FIELDS.filter((field) => !question.missing.includes(field))];
  const choose = (field: UploadColumnField, value: string) =>
    setAnswers((current) => {
      const mapping: UploadMapping = { ...current.mapping };
      if (value === '') delete mapping[field];
      else mapping[field] = Number(value);
      return { ...current, mapping };
    });
  return (
    <Stack gap="xs">
      <QuestionTitle open={open}>{t('questions.mapping.title')}</QuestionTitle>
      <Text size="sm">{t('questions.mapping.explain')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {fields.map((field) => {
          const required = (UPLOAD_REQUIRED_FIELDS as readonly string[]).includes(field);
          const value = answers.mapping[field];
          return (
            <NativeSelect
              key={field}
              label={t(`questions.fields.${field}`)}
              description={question.missing.includes(field) ? t('questions.mapping.notRecognised') : undefined}
              withAsterisk={required}
              data={[{ value: '', label: required ? t('questions.mapping.choose') : t('questions.mapping.none') }, ...options]}
              value={value === undefined ? '' : String(value)}
              error={repeated.has(field) ? t('questions.mapping.repeated') : undefined}
              onChange={(event) => choose(field, event.currentTarget.value)}
            />
          );
        })}
      </SimpleGrid>
      {readWithMapping !== null && (
        <Group gap="xs" wrap="nowrap">
          <IconCircleCheck size={18} color="var(--mantine-color-teal-filled)" aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" fw={600}>
            {text.text('questions.mapping.read', { count: readWithMapping })}
          </Text>
        </Group>
      )}
    </Stack>
  );
}

function MissingQuestionView({ count, month, answers, setAnswers }: { count: number; month: string; answers: UploadAnswers; setAnswers: SetAnswers }) {
  const { t } = useTranslation('uploads');
  const text = useReportText();
  return (
    <Stack gap="xs">
      <QuestionTitle open={false}>{text.text('questions.missing.title', { count })}</QuestionTitle>
      <Radio.Group
        label={text.text('questions.missing.legend', { month: text.month(month) })}
        value={answers.missing}
        onChange={(value) => setAnswers((current) => ({ ...current, missing: value === 'zero' ? 'zero' : 'keep' }))}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="keep" label={t('questions.missing.keep')} description={t('questions.missing.keepHint')} />
          <Radio value="zero" label={t('questions.missing.zero')} description={t('questions.missing.zeroHint')} />
        </Stack>
      </Radio.Group>
    </Stack>
  );
}

export interface UploadQuestionsProps {
  report: UploadReport;
  asked: AskedQuestions;
  answers: UploadAnswers;
  setAnswers: SetAnswers;
  /** The mapping the last check was sent with. */
  checkedMapping: UploadMapping;
  checking: boolean;
  onCheckAgain(): void;
}

/**
 * The questions of a check (period, window, mapping) and the choice for creators missing from the
 * file, as form controls. Answered questions stay visible so the admin can change the answer.
 */
export function UploadQuestions({ report, asked, answers, setAnswers, checkedMapping, checking, onCheckAgain }: UploadQuestionsProps) {
  const { t } = useTranslation('uploads');
  const openKinds = new Set(report.questions.filter((question) => !isAnswered(question, answers)).map((question) => question.kind));
  const month = answers.period ?? report.period;
  const readWithMapping =
    asked.mapping && report.file?.mappingSource === 'admin' && !openKinds.has('mapping') && sameMapping(answers.mapping, checkedMapping) ? report.rows : null;
  const sections = [
    asked.period && <PeriodQuestionView key="period" question={asked.period} answers={answers} setAnswers={setAnswers} open={openKinds.has('period')} reportPeriod={report.period} />,
    asked.window && <WindowQuestionView key="window" question={asked.window} answers={answers} setAnswers={setAnswers} open={openKinds.has('window')} month={month} />,
    asked.mapping && <MappingQuestionView key="mapping" question={asked.mapping} answers={answers} setAnswers={setAnswers} open={openKinds.has('mapping')} readWithMapping={readWithMapping} />,
    report.counts.missing > 0 && <MissingQuestionView key="missing" count={report.counts.missing} month={month} answers={answers} setAnswers={setAnswers} />,
  ].filter(Boolean);
  if (sections.length === 0) return null;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="upload-questions-title">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} size="h3" id="upload-questions-title">
            {t('questions.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('questions.intro')}
          </Text>
        </Stack>
        {sections}
        <Group gap="sm" wrap="wrap">
          <Button type="button" variant="light" leftSection={<IconRefresh size={16} aria-hidden />} loading={checking} onClick={onCheckAgain}>
            {t('questions.checkAgain')}
          </Button>
          <Text size="sm" c="dimmed" style={{ flex: '1 1 16rem' }}>
            {t('questions.checkAgainHint')}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
