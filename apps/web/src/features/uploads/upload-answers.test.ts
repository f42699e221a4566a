import type { UploadQuestion, UploadReport } from '@agency/shared';
import { describe, expect, it } from 'vitest';
import { answerFields, importBlock, NO_ANSWERS, rememberQuestions, repeatedColumns, suggestedMapping, type MappingQuestion, type UploadAnswers } from './upload-answers.ts';

const period: UploadQuestion = { kind: 'period', fileMonth: '2026-10', asOfMonth: '2026-11' };
const window: UploadQuestion = { kind: 'window', figureKind: 'rolling30', from: null, to: null };
const mapping: MappingQuestion = {
  kind: 'mapping',
  missing: ['username'],
  columns: [
    { index: 0, header: 'Kanal', samples: [] },
    { index: 1, header: 'Edelsteine', samples: [] },
  ],
  suggested: { diamonds: 1, liveDuration: 7 },
};

function report(questions: UploadQuestion[], errors = 0): UploadReport {
  return { questions, errors: Array.from({ length: errors }, () => ({ row: 2, column: 'Diamonds', code: 'notANumber', params: { value: 'x' } })) } as unknown as UploadReport;
}
const answered = (changes: Partial<UploadAnswers>): UploadAnswers => ({ ...NO_ANSWERS, ...changes });

describe('importBlock: Import opens only for a clean, current, fully answered check', () => {
  it.each([
    ['no check yet', null, true, {}, NO_ANSWERS, 'notChecked'],
    ['another file or date than the check', report([]), false, {}, NO_ANSWERS, 'notChecked'],
    ['row errors', report([], 1), true, {}, NO_ANSWERS, 'errors'],
    ['an open mapping question', report([mapping]), true, {}, answered({ mapping: { username: 0 } }), 'columns'],
    ['columns changed since the check', report([]), true, { username: 0 }, answered({ mapping: { username: 1 } }), 'columns'],
    ['the period not chosen', report([period]), true, {}, NO_ANSWERS, 'questions'],
    ['a period that is neither month', report([period]), true, {}, answered({ period: '2026-09' }), 'questions'],
    ['the window not accepted', report([period, window]), true, {}, answered({ period: '2026-11' }), 'questions'],
    ['everything answered', report([period, window]), true, {}, answered({ period: '2026-11', acceptWindow: true }), null],
    ['the same columns as the check', report([]), true, { username: 0, diamonds: 1 }, answered({ mapping: { diamonds: 1, username: 0 } }), null],
  ] as const)('%s', (_name, checkedReport, isCurrentCheck, checkedMapping, answers, expected) => {
    expect(importBlock({ report: checkedReport, isCurrentCheck, checkedMapping: checkedReport ? checkedMapping : null, answers })).toBe(expected);
  });
});

describe('answerFields: only what was asked is sent', () => {
  it('sends the period, window and mapping answers of asked questions', () => {
    const asked = rememberQuestions({}, [period, window, mapping]);
    expect(answerFields(answered({ period: '2026-10', acceptWindow: true, mapping: { username: 0, diamonds: 1 }, missing: 'zero' }), asked)).toEqual({
      period: '2026-10',
      acceptWindow: true,
      mapping: { username: 0, diamonds: 1 },
      missing: 'zero',
    });
  });

  it('sends no period, window or mapping that was not asked', () => {
    expect(answerFields(answered({ period: '2026-10', acceptWindow: true, mapping: { username: 0 } }), {})).toEqual({ acceptWindow: false, missing: 'keep' });
  });
});

describe('the mapping question', () => {
  it('keeps only suggestions that name a column of the header row', () => {
    expect(suggestedMapping(mapping)).toEqual({ diamonds: 1 });
  });

  it('finds a column chosen for two fields', () => {
    expect([...repeatedColumns({ username: 0, diamonds: 0, liveDuration: 1 })]).toEqual(['diamonds']);
  });
});
