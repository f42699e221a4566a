// The table view of a DataList (laptops and tablets): hidden columns open in the row's details drawer.
import { Fragment, useState } from 'react';
import { ActionIcon, Drawer, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SortHeader } from './sort-header.tsx';
import { isEmpty, type DataColumn, type DataListProps } from './data-list-columns.ts';
import { hidingOrder, useFittedColumns } from './use-fitted-columns.ts';
import classes from './data-list.module.css';

function cellClass<T>(column: DataColumn<T>, head = false): string {
  return [head ? classes.head : classes.cell, column.numeric ? classes.numeric : ''].filter(Boolean).join(' ');
}

export function DataTable<T>({ rows, rowKey, columns, rowLabel, sort, caption, totals, expanded, striped = true, highlightOnHover, verticalSpacing = 'sm' }: DataListProps<T>) {
  const { t } = useTranslation('common');
  const order = hidingOrder(columns);
  // Other rows, labels or an opened row can make room for a hidden column again.
  const signature = `${rows.map((row) => rowKey(row) + (isEmpty(expanded?.(row)) ? '' : '+')).join(',')}|${columns.map((column) => column.label).join(',')}`;
  const { scrollerRef, tableRef, hidden, overflowing } = useFittedColumns(order.length, signature, rows);
  const hiddenKeys = new Set(order.slice(0, hidden).map((column) => column.key));
  const shown = columns.filter((column) => !hiddenKeys.has(column.key));
  const gone = columns.filter((column) => hiddenKeys.has(column.key));
  const [detailsOf, setDetailsOf] = useState<T | null>(null);
  const span = shown.length + (gone.length > 0 ? 1 : 0);

  return (
    <>
      <div
        ref={scrollerRef}
        className={classes.scroller}
        // Scrolls only when even the key columns do not fit: then keyboard users can scroll it too.
        tabIndex={overflowing ? 0 : undefined}
        role={overflowing ? 'region' : undefined}
        aria-label={overflowing ? caption ?? t('list.table') : undefined}
      >
        <Table ref={tableRef} striped={striped} highlightOnHover={highlightOnHover} verticalSpacing={verticalSpacing}>
          {caption ? <Table.Caption>{caption}</Table.Caption> : null}
          <Table.Thead>
            <Table.Tr>
              {shown.map((column) =>
                column.sortField && sort ? (
                  <SortHeader key={column.key} field={column.sortField} sort={sort.value} onSort={sort.onChange} className={cellClass(column, true)}>
                    {column.label}
                  </SortHeader>
                ) : (
                  <Table.Th key={column.key} className={cellClass(column, true)}>
                    {column.labelHidden ? <VisuallyHidden>{column.label}</VisuallyHidden> : column.label}
                  </Table.Th>
                ),
              )}
              {gone.length > 0 && (
                <Table.Th className={classes.cell}>
                  <VisuallyHidden>{t('list.details')}</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const more = expanded?.(row);
              return (
                <Fragment key={rowKey(row)}>
                  <Table.Tr>
                    {shown.map((column) => (
                      <Table.Td key={column.key} className={cellClass(column)}>
                        {column.wrap ? <div className={classes.wrap}>{column.cell(row)}</div> : column.cell(row)}
                      </Table.Td>
                    ))}
                    {gone.length > 0 && (
                      <Table.Td className={classes.cell}>
                        <ActionIcon variant="subtle" color="gray" aria-label={t('list.showDetails', { name: rowLabel(row) })} onClick={() => setDetailsOf(row)}>
                          <IconListDetails size={18} aria-hidden />
                        </ActionIcon>
                      </Table.Td>
                    )}
                  </Table.Tr>
                  {isEmpty(more) ? null : (
                    <Table.Tr>
                      <Table.Td colSpan={span} className={classes.expanded}>
                        {more}
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              );
            })}
          </Table.Tbody>
          {totals ? (
            <Table.Tfoot>
              <Table.Tr>
                {shown.map((column, index) => (
                  <Table.Th key={column.key} className={cellClass(column)}>
                    {index === 0 ? totals.label : totals.values[column.key]}
                  </Table.Th>
                ))}
                {gone.length > 0 && <Table.Th />}
              </Table.Tr>
            </Table.Tfoot>
          ) : null}
        </Table>
      </div>
      <Drawer opened={detailsOf !== null} onClose={() => setDetailsOf(null)} position="right" title={detailsOf ? rowLabel(detailsOf) : ''} closeButtonProps={{ 'aria-label': t('actions.close') }}>
        {detailsOf ? (
          <dl className={classes.details}>
            {gone.map((column) => (
              <Fragment key={column.key}>
                <Text component="dt" size="xs" c="dimmed">
                  {column.label}
                </Text>
                <Text component="dd" size="sm">
                  {isEmpty(column.cell(detailsOf)) ? '–' : column.cell(detailsOf)}
                </Text>
              </Fragment>
            ))}
          </dl>
        ) : null}
      </Drawer>
    </>
  );
}
