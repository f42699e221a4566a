import { useState } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MemberListItem, MemberRef } from '@agency/shared';
import { api } from '../lib/api-client.ts';
import { toQueryString, type ListPage } from '../lib/list-query.ts';

export interface MemberSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: string | null;
  onChange(value: string | null): void;
  /** The member already chosen, so that their name shows before any search. */
  current?: MemberRef | null;
  excludeId?: string;
  /** The option text; the name by default. */
  describe?(member: MemberListItem): string;
}

const fullName = (member: MemberRef) => `${member.firstName} ${member.lastName}`;

/** The one searchable member picker of the admin screens, fed by `GET /api/admin/members?q=`. */
export function MemberSelect({ value, onChange, current, excludeId, describe = fullName, ...props }: MemberSelectProps) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const { data } = useQuery({
    queryKey: ['admin', 'members', 'options', q],
    queryFn: async () => (await api.get<ListPage<MemberListItem>>(`/admin/members${toQueryString({ q, pageSize: 20, sort: 'firstName' })}`)).data,
    placeholderData: keepPreviousData,
  });
  const options = new Map<string, string>();
  if (current) options.set(current.uid, fullName(current));
  for (const member of data?.items ?? []) {
    if (member.uid !== excludeId) options.set(member.uid, describe(member));
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
