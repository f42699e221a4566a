// The card view of a DataList (phones): title and status on top, then the amount, the fields and the actions.
import { Fragment, type ReactNode } from 'react';
import { Box, Card, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isEmpty, type CardPlace, type DataColumn, type DataListProps } from './data-list-columns.ts';
import classes from './data-list.module.css';

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

export function DataCards<T>({ rows, rowKey, columns, sort, caption, totals, expanded }: DataListProps<T>) {
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
