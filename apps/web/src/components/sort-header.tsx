import type { ReactNode } from 'react';
import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';

export interface SortHeaderProps<F extends string> {
  field: F;
  /** The list's sort: `field` ascending, `-field` descending. */
  sort: string;
  onSort(sort: string): void;
  children: ReactNode;
  className?: string;
}

/** A column header that sorts the list on the server: first click ascending, then descending. */
export function SortHeader<F extends string>({ field, sort, onSort, children, className }: SortHeaderProps<F>) {
  const active = sort === field || sort === `-${field}`;
  const descending = sort === `-${field}`;
  const Icon = !active ? IconSelector : descending ? IconChevronDown : IconChevronUp;
  return (
    <Table.Th className={className} aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'}>
      <UnstyledButton onClick={() => onSort(active && !descending ? `-${field}` : field)} fw={600} fz="sm">
        <Group gap={4} wrap="nowrap">
          {children}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
