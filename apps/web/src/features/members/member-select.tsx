import { useState } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { MemberRef } from '@agency/shared';
import { useMemberList } from './members-api.ts';

export interface MemberSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: string | null;
  onChange(value: string | null): void;
  /** The member already chosen, so that their name shows before any search. */
  current?: MemberRef | null;
  excludeId?: string;
}

/** A searchable member picker fed by `GET /api/admin/members?q=`. */
export function MemberSelect({ value, onChange, current, excludeId, ...props }: MemberSelectProps) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const { data } = useMemberList({ q: q || undefined, page: 1, pageSize: 20, sort: 'firstName' });
  const options = new Map<string, string>();
  if (current) options.set(current.uid, `${current.firstName} ${current.lastName}`);
  for (const member of data?.items ?? []) {
    if (member.uid !== excludeId) options.set(member.uid, `${member.firstName} ${member.lastName}`);
  }
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
