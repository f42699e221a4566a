import { UPLOAD_COLUMN_FIELDS, type UploadColumnField, type UploadMapping, type UploadQuestion, type UploadReport } from '@agency/shared';

/** The admin's answers to a check's questions, sent with the next check and with the import. */
export interface UploadAnswers {
  /** The month chosen in the `period` question (one of its two), null until chosen. */
  period: string | null;
  /** The `window` question: store rolling or selected-period figures as the month's. */
  acceptWindow: boolean;
  /** The `mapping` question: field -> 0-based column of the header row. */
  mapping: UploadMapping;
  /** Creators of the month missing from the file. */
  missing: 'keep' | 'zero';
}

export const NO_ANSWERS: UploadAnswers = { period: null, acceptWindow: false, mapping: {}, missing: 'keep' };

type QuestionOf<K extends UploadQuestion['kind']> = Extract<UploadQuestion, { kind: K }>;
export type PeriodQuestion = QuestionOf<'period'>;
export type WindowQuestion = QuestionOf<'window'>;
export type MappingQuestion = QuestionOf<'mapping'>;

/**
 * Every question asked about this file and date so far, the latest of each kind. A check sent with
 * an answer no longer asks that question, but the admin can still see and change the answer.
 */
export interface AskedQuestions {
  period?: PeriodQuestion;
  window?: WindowQuestion;
  mapping?: MappingQuestion;
}

export function rememberQuestions(asked: AskedQuestions, questions: readonly UploadQuestion[]): AskedQuestions {
  const next: AskedQuestions = { ...asked };
  for (const question of questions) {
    if (question.kind === 'period') next.period = question;
    else if (question.kind === 'window') next.window = question;
    else next.mapping = question;
  }
  return next;
}

/** The mapping without the fields left unchosen, in the fields' order (so two equal mappings give the same JSON). */
export function cleanMapping(mapping: UploadMapping): UploadMapping {
  const clean: UploadMapping = {};
  for (const field of UPLOAD_COLUMN_FIELDS) {
    const column = mapping[field];
    if (typeof column === 'number' && Number.isInteger(column) && column >= 0) clean[field] = column;
  }
  return clean;
}

export function sameMapping(a: UploadMapping, b: UploadMapping): boolean {
  return JSON.stringify(cleanMapping(a)) === JSON.stringify(cleanMapping(b));
}

/** The server's suggestion, kept only where it names a column of the header row. */
export function suggestedMapping(question: MappingQuestion): UploadMapping {
  const columns = new Set(question.columns.map((column) => column.index));
  const mapping: UploadMapping = {};
  for (const field of UPLOAD_COLUMN_FIELDS) {
    const column = question.suggested[field];
    if (column !== undefined && columns.has(column)) mapping[field] = column;
  }
  return mapping;
}

/** Fields given the same column as an earlier field (a mistake the admin should see). */
export function repeatedColumns(mapping: UploadMapping): Set<UploadColumnField> {
  const seen = new Set<number>();
  const repeated = new Set<UploadColumnField>();
  for (const field of UPLOAD_COLUMN_FIELDS) {
    const column = mapping[field];
    if (column === undefined) continue;
    if (seen.has(column)) repeated.add(field);
    seen.add(column);
  }
  return repeated;
}

/**
 * Whether an open question of the last check is answered in the form. An open `mapping` question
 * never is: the rows are read again with the chosen columns (Check again) before an import.
 */
export function isAnswered(question: UploadQuestion, answers: UploadAnswers): boolean {
  if (question.kind === 'period') return answers.period === question.fileMonth || answers.period === question.asOfMonth;
  if (question.kind === 'window') return answers.acceptWindow;
  return false;
}

/** The multipart fields of the answers: only what was asked is sent. */
export interface AnswerFields {
  period?: string;
  acceptWindow: boolean;
  mapping?: UploadMapping;
  missing: 'keep' | 'zero';
}

export function answerFields(answers: UploadAnswers, asked: AskedQuestions): AnswerFields {
  const mapping = cleanMapping(answers.mapping);
  const period = asked.period && answers.period && [asked.period.fileMonth, asked.period.asOfMonth].includes(answers.period) ? answers.period : undefined;
  return {
    ...(period ? { period } : {}),
    acceptWindow: asked.window ? answers.acceptWindow : false,
    ...(asked.mapping && Object.keys(mapping).length > 0 ? { mapping } : {}),
    missing: answers.missing,
  };
}

/** Why Import is closed, or null when it is open. */
export type ImportBlock = 'notChecked' | 'errors' | 'columns' | 'questions' | null;

/**
 * Import opens for the file and date of the last check, without row errors, read with the columns
 * now chosen, and with every open question answered.
 */
export function importBlock(options: { report: UploadReport | null; isCurrentCheck: boolean; checkedMapping: UploadMapping | null; answers: UploadAnswers }): ImportBlock {
  const { report, isCurrentCheck, checkedMapping, answers } = options;
  if (!report || !isCurrentCheck || checkedMapping === null) return 'notChecked';
  if (report.errors.length > 0) return 'errors';
  if (report.questions.some((question) => question.kind === 'mapping') || !sameMapping(answers.mapping, checkedMapping)) return 'columns';
  if (!report.questions.every((question) => isAnswered(question, answers))) return 'questions';
  return null;
}
