import { useState } from 'react';
import { Chip, Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field.tsx';
import { useActivityActors, useActivityEntityTypes, type ActivityFilters } from '../api/activity-queries.ts';

const ALL = '__all__';

export interface ActivityFiltersBarProps {
  filters: ActivityFilters;
  /** Any change goes back to page 1. */
  onChange: (next: Omit<ActivityFilters, 'page'>) => void;
}

/** Actor (searched on the server), record type chips, and a date range of two date fields in the app's language. */
export function ActivityFiltersBar({ filters, onChange }: ActivityFiltersBarProps) {
  const { t } = useTranslation('activity');
  const [actorSearch, setActorSearch] = useState('');
  const [actorLabel, setActorLabel] = useState<string | null>(null);
  const actors = useActivityActors(actorSearch);
  const entityTypes = useActivityEntityTypes();
  const { page: _page, ...current } = filters;

  const actorOptions = (actors.data ?? []).map((actor) => ({ value: actor.uid, label: actor.name || actor.uid }));
  if (filters.actorId && actorLabel && !actorOptions.some((option) => option.value === filters.actorId)) {
    actorOptions.unshift({ value: filters.actorId, label: actorLabel });
  }

  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <Select
        label={t('filters.actor')}
        placeholder={t('filters.actorPlaceholder')}
        searchable
        clearable
        data={actorOptions}
        value={filters.actorId}
        searchValue={actorSearch}
        onSearchChange={setActorSearch}
        // The server already searched; Mantine's own filter would hide matches on e-mail or phone.
        filter={({ options }) => options}
        nothingFoundMessage={t('filters.noActors')}
        onChange={(value, option) => {
          setActorLabel(option?.label ?? null);
          onChange({ ...current, actorId: value });
        }}
        miw={240}
      />
      <DateField
        label={t('filters.from')}
        value={filters.fromDay}
        maxDate={filters.toDay || undefined}
        clearable
        onChange={(fromDay) => onChange({ ...current, fromDay })}
        w={170}
      />
      <DateField
        label={t('filters.to')}
        value={filters.toDay}
        minDate={filters.fromDay || undefined}
        clearable
        onChange={(toDay) => onChange({ ...current, toDay })}
        w={170}
      />
      {(entityTypes.data?.length ?? 0) > 0 && (
        <Chip.Group
          multiple={false}
          value={filters.entityType ?? ALL}
          onChange={(value) => onChange({ ...current, entityType: value === ALL ? null : value })}
        >
          <Group gap="xs" role="group" aria-label={t('filters.recordType')}>
            <Chip value={ALL}>{t('filters.allRecordTypes')}</Chip>
            {entityTypes.data!.map((type) => (
              <Chip key={type} value={type}>
                {t(`entityTypes.${type}`, { defaultValue: type })}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      )}
    </Group>
  );
}
