import { PERIOD_CHOICES, type PeriodChoice } from '@agency/shared';
import { SegmentedControl, Select } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/**
 * The period choices of the history screens (docs/product.md §19): a segmented control on wide
 * screens, a select on phones. The value goes to the server as `?period=`.
 */
export function PeriodChoiceInput({ value, onChange }: { value: PeriodChoice; onChange: (value: PeriodChoice) => void }) {
  const { t } = useTranslation('common');
  const wide = useMediaQuery('(min-width: 48em)');
  const data = PERIOD_CHOICES.map((choice) => ({ value: choice, label: t(`periodChoice.${choice}`) }));
  const change = (next: string | null) => {
    if (next && (PERIOD_CHOICES as readonly string[]).includes(next)) onChange(next as PeriodChoice);
  };
  if (wide) {
    return <SegmentedControl aria-label={t('periodChoice.label')} data={data} value={value} onChange={change} />;
  }
  return <Select label={t('periodChoice.label')} data={data} value={value} onChange={change} allowDeselect={false} />;
}
