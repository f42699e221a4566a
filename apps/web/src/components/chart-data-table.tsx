import type { ReactNode } from 'react';
import { Table, VisuallyHidden } from '@mantine/core';

export interface ChartDataTableProps {
  caption: string;
  headers: readonly ReactNode[];
  /** One row per bar or point: its key and its cells, in the order of the headers. */
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
}

/** A chart's figures as a table for screen readers (the drawing is hidden from them). */
export function ChartDataTable({ caption, headers, rows }: ChartDataTableProps) {
  return (
    <VisuallyHidden>
      <Table>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {headers.map((header, index) => (
              <Table.Th key={index}>{header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              {row.cells.map((cell, index) => (
                <Table.Td key={index}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </VisuallyHidden>
  );
}
