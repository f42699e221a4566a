import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FORECAST_FILTERS, type ForecastFilter } from '@agency/shared';

export function isForecastFilter(value: string | null): value is ForecastFilter {
  return value !== null && (FORECAST_FILTERS as readonly string[]).includes(value);
}

export interface ForecastFilterSelectProps {
  value: ForecastFilter | null;
  onChange(value: ForecastFilter | null): void;
  /** What "no filter" reads as (the list's own "All"). */
  allLabel: string;
  w?: SelectProps['w'];
}

/** The creators list's forecast filter: all, at risk, out of reach, went dark, LIVE time halved (`?forecast=`). */
export function ForecastFilterSelect({ value, onChange, allLabel, w }: ForecastFilterSelectProps) {
  const { t } = useTranslation('forecasts');
  return (
    <Select
      label={t('filter.label')}
      placeholder={allLabel}
      clearable
      data={FORECAST_FILTERS.map((filter) => ({ value: filter, label: t(`filter.${filter}`) }))}
      value={value}
      onChange={(next) => onChange(isForecastFilter(next) ? next : null)}
      w={w}
    />
  );
}
