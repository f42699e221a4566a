/**
 * The month of an upload and the questions about it (upload-plan.ts describes the plan step):
 * the admin's answers, and the month the figures go to, read before the plan to know which
 * month's stored figures it is made against.
 */
import type { UploadFileInfo, UploadQuestion } from '@agency/shared';

export interface Answers {
  /** The month the admin confirmed (question `period`). */
  period?: string | undefined;
  acceptWindow: boolean;
  missing: 'keep' | 'zero';
  createUnknown: boolean;
}

const monthOf = (isoDate: string) => isoDate.slice(0, 7);

export interface UploadMonth {
  /** The month the figures go to; when questions remain, the month they would go to if answered as suggested. */
  period: string;
  /** YYYY-MM-DD the figures are as of. */
  asOfDate: string;
  questions: UploadQuestion[];
  /** The admin's period answer names neither month. */
  invalidPeriod: boolean;
}

/**
 * The month of an upload and the questions about it. Needed before the plan, to read that month's
 * stored figures.
 */
export function monthOfUpload(file: Pick<UploadFileInfo, 'dataPeriod' | 'figureKind'> | null, asOf: string, answers: Pick<Answers, 'period' | 'acceptWindow'>): UploadMonth {
  const questions: UploadQuestion[] = [];
  const asOfMonth = monthOf(asOf);
  const period = file?.dataPeriod ?? null;
  const kind = file?.figureKind ?? 'unknown';
  let month = asOfMonth;
  let asOfDate = asOf;
  let invalidPeriod = false;
  if (period && kind !== 'rolling30') {
    const fileMonth = monthOf(period.to);
    month = fileMonth;
    if (fileMonth !== asOfMonth) {
      if (answers.period === undefined) questions.push({ kind: 'period', fileMonth, asOfMonth });
      else if (answers.period !== fileMonth && answers.period !== asOfMonth) invalidPeriod = true;
      else month = answers.period;
    } else if (answers.period !== undefined && answers.period !== fileMonth) {
      invalidPeriod = true;
    }
    // The figures are as of the end of the data period or the as-of date, whichever is first.
    if (month === fileMonth && period.to < asOf) asOfDate = period.to;
  } else if (answers.period !== undefined && answers.period !== asOfMonth) {
    invalidPeriod = true;
  }
  if ((kind === 'rolling30' || kind === 'selectedPeriod') && !answers.acceptWindow) {
    questions.push({ kind: 'window', figureKind: kind, from: period?.from ?? null, to: period?.to ?? null });
  }
  return { period: month, asOfDate, questions, invalidPeriod };
}
