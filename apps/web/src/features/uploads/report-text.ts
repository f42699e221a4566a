import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type UploadError, type UploadWarning, type UploadWarningKind } from '@agency/shared';
import { usePeriodLabel } from '../earnings/index.ts';
import { useFormatters } from '../../lib/format.ts';

type TextValue = string | number | boolean | null | undefined;
type TextValues = Record<string, TextValue>;

/**
 * `uploads:<key>` with its variables. A text with a count is a plural family (`key_one`,
 * `key_few`, `key_other`...): pass the number as `count` and i18next picks the language's form
 * (`{{count, number}}` writes it in the language's format). A value taken from the file (a cell as
 * written) is never read as syntax: i18next does not interpolate inside interpolated values
 * (`skipOnVariables`, its default).
 */
function useUploadsText(): (key: string, values?: TextValues) => string {
  const { t } = useTranslation('uploads');
  return useCallback((key: string, values: TextValues = {}) => t(key, values), [t]);
}

function textOf(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

function numberOf(value: unknown): number {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : 0;
}

export interface ReportText {
  /** `Ekim 2026` for `2026-10`. */
  month(period: string): string;
  day(day: string | null | undefined): string;
  /** `from – to`, or '' without a period. */
  range(from: string | null | undefined, to: string | null | undefined): string;
  error(error: UploadError): string;
  warning(warning: UploadWarning): string;
  /** The heading of a group of warnings of one kind, with its count. */
  warningGroup(kind: UploadWarningKind, count: number): string;
  text(key: string, values?: TextValues): string;
}

/**
 * The report's problems in the reader's language. The server sends codes and parameters only
 * (packages/shared/src/schemas/uploads.ts says what each parameter is); this is the one place that
 * turns them into sentences.
 */
export function useReportText(): ReportText {
  const { t, i18n } = useTranslation(['uploads', 'errors']);
  const text = useUploadsText();
  const format = useFormatters();
  const periodLabel = usePeriodLabel();
  const day = format.day;
  return useMemo<ReportText>(() => {
    const range = (from: string | null | undefined, to: string | null | undefined) => (from && to ? text('file.range', { from: day(from), to: day(to) }) : '');
    return {
      month: (period) => (/^\d{4}-\d{2}$/.test(period) ? periodLabel(period, 'long') : period),
      day,
      range,
      text,
      error(error) {
        if (error.code === 'fileUnreadable') {
          const code = textOf(error.params.code);
          return code && i18n.exists(`errors:${code}`) ? t(`errors:${code}`) : t('errors:UPLOAD_CORRUPT');
        }
        return text(`rowErrors.${error.code}`, { value: textOf(error.params.value), count: numberOf(error.params.count) });
      },
      warning(warning) {
        const params = warning.params;
        switch (warning.kind) {
          case 'unknownUsername':
            return text(params.created === true ? 'warnings.unknownUsername.created' : 'warnings.unknownUsername.skipped');
          case 'missingFromFile':
            return text(params.action === 'zero' ? 'warnings.missingFromFile.zero' : 'warnings.missingFromFile.keep');
          case 'duplicateIdentical':
            return text('warnings.duplicateIdentical.text', { firstRow: textOf(params.firstRow) });
          case 'duplicateKeptHigher':
            return text('warnings.duplicateKeptHigher.text', { keptRow: textOf(params.keptRow), droppedRow: textOf(params.droppedRow) });
          case 'blankRows':
            return text('warnings.blankRows.text', { count: numberOf(params.count) });
          case 'approximateValue':
            return text('warnings.approximateValue.text', { column: textOf(params.column), value: textOf(params.value), read: format.number(numberOf(params.read)) });
          case 'dateOrderFromLocale': {
            const order = params.order === 'mdy' ? 'mdy' : 'dmy';
            return text('warnings.dateOrderFromLocale.text', { column: textOf(params.column), order: text(`file.dateOrders.${order}`) });
          }
          default:
            return text(`warnings.${warning.kind}.text`, { value: textOf(params.value), sheet: textOf(params.sheet) });
        }
      },
      warningGroup: (kind, count) => text(`warnings.${kind}.title`, { count }),
    };
  }, [t, i18n, text, format, periodLabel, day]);
}
