import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dateLocaleTag, type UploadError, type UploadWarning, type UploadWarningKind } from '@agency/shared';
import { usePeriodLabel } from '../../components/member-earnings/figures.ts';
import { useFormatters } from '../../lib/format.ts';
import { formatText, type TextValues } from './plural-text.ts';

/** `uploads:<key>` with its plural blocks and variables (plural-text.ts). */
export function useUploadsText(): (key: string, values?: TextValues) => string {
  const { t } = useTranslation('uploads');
  const format = useFormatters();
  return useCallback(
    (key: string, values: TextValues = {}) => formatText(t(key, { skipInterpolation: true }), values, format.locale, format.number),
    [t, format],
  );
}

/** A day of the file (`2026-10-15`) in the user's language, without moving it across time zones. */
function useDayLabel(): (day: string | null | undefined) => string {
  const { locale } = useFormatters();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(dateLocaleTag(locale), { dateStyle: 'medium', timeZone: 'UTC' });
    return (day) => {
      const date = day ? new Date(`${day.slice(0, 10)}T00:00:00Z`) : null;
      return date && !Number.isNaN(date.getTime()) ? format.format(date) : (day ?? '');
    };
  }, [locale]);
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
 * (packages/shared/src/schemas/earnings.ts says what each parameter is); this is the one place that
 * turns them into sentences.
 */
export function useReportText(): ReportText {
  const { t, i18n } = useTranslation(['uploads', 'errors']);
  const text = useUploadsText();
  const format = useFormatters();
  const periodLabel = usePeriodLabel();
  const day = useDayLabel();
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
