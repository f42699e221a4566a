import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent, isLocale, LOCALE_NAMES, type CommissionTier } from '@agency/shared';
import { useFormatters, type Formatters } from '../../../lib/format.ts';
import { statusKey } from '../../../lib/status.ts';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
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
export function activityValueText(field: string, value: unknown, format: Formatters, t: Translate, exists: Exists): string {
  if (value === undefined || value === null || value === '') return t('changes.empty');
  if (typeof value === 'boolean') return value ? t('changes.yes') : t('changes.no');
  if (Array.isArray(value)) {
    if (value.length === 0) return t('changes.empty');
    return value.map((item) => activityValueText(field, item, format, t, exists)).join(field === 'commissionTiers' ? '; ' : ', ');
  }
  if (isTier(value)) {
    const rate = formatPercent(value.rateBps / 100, format.locale, 2);
    return value.toDiamonds === null
      ? t('values.tierOpen', { count: value.fromDiamonds, rate })
      : t('values.tier', { from: value.fromDiamonds, count: value.toDiamonds, rate });
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, item]) => `${t(`fields.${key}`, { defaultValue: key })}: ${activityValueText(key, item, format, t, exists)}`)
      .join('; ');
  }
  if (typeof value === 'number') {
    if (/Cents$/.test(field)) return format.money(value);
    if (field === 'commissionRateBps' || field === 'rateBps') return formatPercent(value / 100, format.locale, 2);
    if (field === 'diamondValueMicros') return format.microDollars(value);
    return format.number(value);
  }
  const text = String(value);
  if (field === 'locale' && isLocale(text)) return LOCALE_NAMES[text];
  if (field === 'role' && exists(`common:roles.${text}`)) return t(`common:roles.${text}`);
  if (/(^s|S)tatus$/.test(field) && exists(`common:status.${statusKey(text)}`)) return t(`common:status.${statusKey(text)}`);
  if (exists(`activity:values.${field}.${text}`)) return t(`values.${field}.${text}`);
  if (MONTH.test(text)) return format.month(text);
  if (DAY.test(text)) return format.day(text);
  if (ISO_INSTANT.test(text) && !Number.isNaN(Date.parse(text))) return format.dateTime(text);
  return text;
}

/** `activityValueText` bound to the viewer's language. */
export function useActivityValueText(): (field: string, value: unknown) => string {
  const { t, i18n } = useTranslation(['activity', 'common']);
  const format = useFormatters();
  return useMemo(() => {
    const translate: Translate = (key, options) => t(key, options ?? {}) as string;
    const exists: Exists = (key) => i18n.exists(key);
    return (field, value) => activityValueText(field, value, format, translate, exists);
  }, [t, i18n, format]);
}
