import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent, isLocale, LOCALE_NAMES, type ActivityRecord, type CommissionTier } from '@agency/shared';
import { useFormatters, type Formatters } from '../../../lib/format.ts';
import { statusKey } from '../../../lib/status.ts';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Fields that hold a stored file's key: the entry says which file changed, the key means nothing to people. */
const FILE_FIELDS = new Set(['logo', 'stamp', 'signature', 'avatar', 'invoiceFileId']);
/** Technical fields the log keeps for support, not shown as changes (the file's checksum). */
export const HIDDEN_FIELDS = new Set(['sha256']);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Exists = (key: string) => boolean;

function isTier(value: unknown): value is CommissionTier {
  return typeof value === 'object' && value !== null && 'fromDiamonds' in value && 'rateBps' in value;
}

/**
 * A logged value as a person reads it (the log keeps what the server wrote: `pending`, `tr`, cents,
 * basis points, `2026-11`, tiers as JSON): statuses, languages and roles by name, money from cents,
 * rates as percentages, months and days in the viewer's language, nested values field by field.
 */
function activityValueText(
  field: string,
  value: unknown,
  format: Formatters,
  t: Translate,
  exists: Exists,
  names: Readonly<Record<string, string>> = {},
): string {
  if (value === undefined || value === null || value === '') return t('changes.empty');
  if (FILE_FIELDS.has(field)) return t('values.file');
  if (typeof value === 'boolean') return value ? t('changes.yes') : t('changes.no');
  if (Array.isArray(value)) {
    if (value.length === 0) return t('changes.empty');
    return value.map((item) => activityValueText(field, item, format, t, exists, names)).join(field === 'commissionTiers' ? '; ' : ', ');
  }
  if (isTier(value)) {
    const rate = formatPercent(value.rateBps / 100, format.locale, 2);
    return value.toDiamonds === null
      ? t('values.tierOpen', { count: value.fromDiamonds, rate })
      : t('values.tier', { from: value.fromDiamonds, count: value.toDiamonds, rate });
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      // A nested record's id is its name (`@ayse.live; Status: Active`), without a label.
      .map(([key, item]) => (key === 'id' ? activityValueText(key, item, format, t, exists, names) : `${t(`fields.${key}`, { defaultValue: key })}: ${activityValueText(key, item, format, t, exists, names)}`))
      .join('; ');
  }
  if (typeof value === 'number') {
    if (/Cents$/.test(field)) return format.money(value);
    if (field === 'commissionRateBps' || field === 'rateBps') return formatPercent(value / 100, format.locale, 2);
    if (field === 'diamondValueMicros') return format.microDollars(value);
    return format.number(value);
  }
  const text = String(value);
  // A member's or creator's id: their name (the server sends the names of the ids in the entry),
  // or, for a record deleted since, that it no longer exists. Never the bare id.
  if (UUID.test(text)) return names[text] ?? t('values.removedRecord');
  if (field === 'locale' && isLocale(text)) return LOCALE_NAMES[text];
  if (field === 'role' && exists(`common:roles.${text}`)) return t(`common:roles.${text}`);
  if (/(^s|S)tatus$/.test(field) && exists(`common:status.${statusKey(text)}`)) return t(`common:status.${statusKey(text)}`);
  if (exists(`activity:values.${field}.${text}`)) return t(`values.${field}.${text}`);
  if (MONTH.test(text)) return format.month(text);
  if (DAY.test(text)) return format.day(text);
  if (ISO_INSTANT.test(text) && !Number.isNaN(Date.parse(text))) return format.dateTime(text);
  return text;
}

/** `activityValueText` bound to the viewer's language and to the names the entry came with. */
export function useActivityValueText(names: Readonly<Record<string, string>> = NO_NAMES): (field: string, value: unknown) => string {
  const { t, i18n } = useTranslation(['activity', 'common']);
  const format = useFormatters();
  return useMemo(() => {
    const translate: Translate = (key, options) => t(key, options ?? {}) as string;
    const exists: Exists = (key) => i18n.exists(key);
    return (field, value) => activityValueText(field, value, format, translate, exists, names);
  }, [t, i18n, format, names]);
}

const NO_NAMES: Readonly<Record<string, string>> = {};

/**
 * The record of an entry as a line of text: the member's or creator's name, with a payment's or
 * deduction's amount and an upload's or run's month (`Ayşe Yılmaz · $100.00`, `February 2026`);
 * a deleted record says so. Null when the entry names no record.
 */
export function activityRecordText(record: ActivityRecord | null, format: Formatters, t: Translate): string | null {
  if (!record) return null;
  const parts = [
    record.name,
    record.amountCents !== null ? format.money(record.amountCents) : null,
    record.period ? format.month(record.period) : null,
  ].filter((part): part is string => Boolean(part));
  if (record.removed) return parts.length > 0 ? t('table.removed', { record: parts.join(' · ') }) : t('values.removedRecord');
  return parts.length > 0 ? parts.join(' · ') : null;
}
