import { useState } from 'react';
import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MemberListItem } from '@agency/shared';
import { api } from '../lib/api-client.ts';
import { toQueryString, type ListPage } from '../lib/list-query.ts';

export interface MemberMultiSelectProps extends Omit<MultiSelectProps, 'data' | 'value' | 'onChange'> {
  value: string[];
  onChange(value: string[]): void;
}

/**
 * Several members, searched on the server (`GET /api/admin/members?q=`) like MemberSelect. The names
 * of chosen members are remembered so they stay readable when a new search no longer lists them.
 */
export function MemberMultiSelect({ value, onChange, ...props }: MemberMultiSelectProps) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [known, setKnown] = useState<Map<string, string>>(() => new Map());
  const { data } = useQuery({
    queryKey: ['admin', 'members', 'options', q],
    queryFn: async () => (await api.get<ListPage<MemberListItem>>(`/admin/members${toQueryString({ q, pageSize: 20, sort: 'firstName' })}`)).data,
    placeholderData: keepPreviousData,
  });
  const options = new Map<string, string>();
  for (const uid of value) options.set(uid, known.get(uid) ?? uid);
  for (const member of data?.items ?? []) options.set(member.uid, `${member.firstName} ${member.lastName}`);
  return (
    <MultiSelect
      {...props}
      searchable
      clearable
      hidePickedOptions
      filter={({ options: all }) => all}
      data={[...options].map(([uid, label]) => ({ value: uid, label }))}
      value={value}
      onChange={(next) => {
        setKnown((current) => {
          const updated = new Map(current);
          for (const uid of next) if (options.has(uid)) updated.set(uid, options.get(uid)!);
          return updated;
        });
        onChange(next);
      }}
      searchValue={search}
      onSearchChange={setSearch}
    />
  );
}
