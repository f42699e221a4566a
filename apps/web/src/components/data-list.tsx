import { useIsPhone } from './use-is-phone.ts';
import { DataCards } from './data-cards.tsx';
import type { DataListProps } from './data-list-columns.ts';
import { DataTable } from './data-table.tsx';

export type { DataColumn, DataListProps } from './data-list-columns.ts';

/**
 * One list, shown as it fits: a table on laptops and tablets whose less important columns give way
 * when it is too narrow (their values then open in the row's details drawer), cards on phones with
 * the title and the status on top, then the money. Sorting, pagination and the empty and loading
 * states stay with the screen (SortHeader, ListFooter, ListState).
 */
export function DataList<T>(props: DataListProps<T>) {
  const isPhone = useIsPhone();
  return isPhone ? <DataCards {...props} /> : <DataTable {...props} />;
}
