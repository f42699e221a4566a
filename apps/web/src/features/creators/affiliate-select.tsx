import { useState } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { MemberRef } from '@agency/shared';
import { useMemberOptions } from './creators-api.ts';

export interface AffiliateSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: string | null;
  onChange(value: string | null): void;
  current?: MemberRef | null;
}

/** A searchable member picker fed by `GET /api/admin/members?q=`. */
export function AffiliateSelect({ value, onChange, current, ...props }: AffiliateSelectProps) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const { data } = useMemberOptions(q);
  const options = new Map<string, string>();
  if (current) options.set(current.uid, `${current.firstName} ${current.lastName}`);
  for (const member of data?.items ?? []) options.set(member.uid, `${member.firstName} ${member.lastName}`);
  return (
    <Select
      {...props}
      searchable
      clearable
      filter={({ options: all }) => all}
      data={[...options].map(([uid, label]) => ({ value: uid, label }))}
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearchChange={setSearch}
    />
  );
}
