import { Fragment, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { ActionIcon, Box, Card, Drawer, Group, Select, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SortHeader } from './sort-header.tsx';
import { useIsPhone } from './use-is-phone.ts';
import classes from './data-list.module.css';

/**
 * Where a column goes on a phone's card: the title and the status on top, then the amount (money,
 * diamonds) large, then the other fields two by two, then the actions. `none`: not on the card.
 */
type CardPlace = 'title' | 'status' | 'amount' | 'field' | 'actions' | 'none';

export interface DataColumn<T> {
  key: string;
  /** The header, the card's label of the field and the drawer's label. */
  label: string;
  cell(row: T): ReactNode;
  /** A header that sorts the list on the server by this field. */
  sortField?: string;
  /** Money, diamonds, counts, durations: right-aligned tabular figures. */
  numeric?: boolean;
  /** A long text (a reason, a message) that wraps instead of staying on one line. */
  wrap?: boolean;
  /**
   * 0 (the default): always in the table. 1 and more: hidden when the table does not fit its box,
   * the highest number first (a later column first among equals); its value is then in the row's
   * details drawer.
   */
  priority?: number;
  card?: CardPlace;
  /** The header is read by screen readers only (a column of buttons). */
  labelHidden?: boolean;
}

export interface DataListProps<T> {
  rows: T[];
  rowKey(row: T): string;
  columns: DataColumn<T>[];
  /** The row's name: the details drawer's title and the details button's name. */
  rowLabel(row: T): string;
  /** The server's sort (`field` or `-field`) for the columns with a `sortField`. */
  sort?: { value: string; onChange(sort: string): void };
  caption?: string;
  /** A totals row under the table (on phones a last card): label and values by column key. */
  totals?: { label: string; values: Partial<Record<string, ReactNode>> };
  /** Content shown under a row across the whole table (and at the end of its card). */
  expanded?(row: T): ReactNode;
  striped?: boolean;
  highlightOnHover?: boolean;
  verticalSpacing?: 'xs' | 'sm' | 'md';
}

const isEmpty = (value: ReactNode) => value === null || value === undefined || value === false || value === '';

/** Columns in the order they give way when the table is too narrow. */
function hidingOrder<T>(columns: DataColumn<T>[]): DataColumn<T>[] {
  return columns
    .map((column, index) => ({ column, index }))
    .filter(({ column }) => (column.priority ?? 0) > 0)
    .sort((a, b) => (b.column.priority ?? 0) - (a.column.priority ?? 0) || b.index - a.index)
    .map(({ column }) => column);
}

/**
 * How many of the hideable columns are hidden so that the table fits its box without a sideways
 * scroll, measured in the browser (so it holds in every language and with any data): when the
 * table is wider than its box, the next column gives way, before the screen is painted. A wider
 * box or other rows start again from every column.
 */
function useFittedColumns(hideable: number, signature: string, content: unknown) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const [hidden, setHidden] = useState(0);
  const [overflowing, setOverflowing] = useState(false);
  // A resize only needs a new measure, below.
  const [resizes, setResizes] = useState(0);
  const seen = useRef({ width: 0, signature });

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setResizes((count) => count + 1));
    observer.observe(scroller);
    return () => observer.disconnect();
  }, []);

  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    const table = tableRef.current;
    if (!scroller || !table) return;
    const width = scroller.clientWidth;
    // Only a wider box or other content can make room for a hidden column again.
    const reopen = width > seen.current.width + 1 || signature !== seen.current.signature;
    seen.current = { width, signature };
    if (reopen && hidden > 0) {
      setHidden(0);
      return;
    }
    const tooWide = table.offsetWidth > width + 1;
    if (tooWide && hidden < hideable) setHidden(hidden + 1);
    else setOverflowing(tooWide);
  }, [signature, hidden, hideable, resizes, content]);

  return { scrollerRef, tableRef, hidden, overflowing };
}

function cellClass<T>(column: DataColumn<T>, head = false): string {
  return [head ? classes.head : classes.cell, column.numeric ? classes.numeric : ''].filter(Boolean).join(' ');
}

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

function DataTable<T>({ rows, rowKey, columns, rowLabel, sort, caption, totals, expanded, striped = true, highlightOnHover, verticalSpacing = 'sm' }: DataListProps<T>) {
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

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="div" size="sm" className={classes.fieldValue}>
        {children}
      </Text>
    </Box>
  );
}

function SortChoice<T>({ columns, sort }: { columns: DataColumn<T>[]; sort: NonNullable<DataListProps<T>['sort']> }) {
  const { t } = useTranslation('common');
  const sortable = columns.filter((column) => column.sortField);
  if (sortable.length === 0) return null;
  const data = sortable.flatMap((column) => [
    { value: column.sortField!, label: t('list.sortAscending', { column: column.label }) },
    { value: `-${column.sortField!}`, label: t('list.sortDescending', { column: column.label }) },
  ]);
  return <Select label={t('list.sortBy')} data={data} value={sort.value} onChange={(value) => value && sort.onChange(value)} allowDeselect={false} />;
}

function DataCards<T>({ rows, rowKey, columns, sort, caption, totals, expanded }: DataListProps<T>) {
  // Without a column marked as the title, the first column is the card's title.
  const hasTitle = columns.some((column) => column.card === 'title');
  const place = (column: DataColumn<T>, index: number): CardPlace => column.card ?? (index === 0 && !hasTitle ? 'title' : 'field');
  const placed = (wanted: CardPlace) => columns.filter((column, index) => place(column, index) === wanted);
  const [title, status, amount, fields, actions] = (['title', 'status', 'amount', 'field', 'actions'] as const).map(placed);
  return (
    <Stack gap="sm">
      {sort ? <SortChoice columns={columns} sort={sort} /> : null}
      {caption ? (
        <Text size="sm" c="dimmed">
          {caption}
        </Text>
      ) : null}
      <ul className={classes.cards} aria-label={caption}>
        {rows.map((row) => {
          const more = expanded?.(row);
          const shownFields = fields!.filter((column) => !isEmpty(column.cell(row)));
          return (
            <Card key={rowKey(row)} component="li" withBorder radius="md" padding="md">
              <Stack gap="sm">
                <Group justify="space-between" align="flex-start" gap="xs">
                  <Box className={classes.cardTitle}>
                    {title!.map((column) => (
                      <Text key={column.key} component="div" fw={600}>
                        {column.cell(row)}
                      </Text>
                    ))}
                  </Box>
                  {status!.length > 0 && (
                    <Group gap={4} justify="flex-end" className={classes.cardStatus}>
                      {status!.map((column) => (
                        <Fragment key={column.key}>{column.cell(row)}</Fragment>
                      ))}
                    </Group>
                  )}
                </Group>
                {amount!.length > 0 && (
                  <Group gap="lg" wrap="wrap" align="flex-end">
                    {amount!.map((column) => (
                      <Box key={column.key} miw={0}>
                        <Text size="xs" c="dimmed">
                          {column.label}
                        </Text>
                        <Text component="div" fz={20} fw={700} className="tabular-nums">
                          {column.cell(row)}
                        </Text>
                      </Box>
                    ))}
                  </Group>
                )}
                {shownFields.length > 0 && (
                  <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
                    {shownFields.map((column) => (
                      <Field key={column.key} label={column.label}>
                        {column.cell(row)}
                      </Field>
                    ))}
                  </SimpleGrid>
                )}
                {actions!.length > 0 && (
                  <Group gap="xs" wrap="wrap">
                    {actions!.map((column) => (
                      <Fragment key={column.key}>{column.cell(row)}</Fragment>
                    ))}
                  </Group>
                )}
                {isEmpty(more) ? null : more}
              </Stack>
            </Card>
          );
        })}
      </ul>
      {totals ? (
        <Card withBorder radius="md" padding="md">
          <Stack gap="sm">
            <Text fw={600}>{totals.label}</Text>
            <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
              {columns
                .filter((column) => !isEmpty(totals.values[column.key]))
                .map((column) => (
                  <Field key={column.key} label={column.label}>
                    {totals.values[column.key]}
                  </Field>
                ))}
            </SimpleGrid>
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}
