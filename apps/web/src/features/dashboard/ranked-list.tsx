import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface RankedEntry {
  key: string;
  label: string;
  /** Where the entry opens (member profile, creator details). */
  to: string;
  value: string;
}

/**
 * A dashboard list in a card: its title, then the list (`children`), or a sentence when it is empty.
 * `level` is the title's heading level on its page.
 */
export function ListCard({ title, level, empty, emptyText, children }: { title: string; level: 2 | 3; empty: boolean; emptyText: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap={level === 2 ? 'sm' : 'xs'}>
        <Title order={level} size="h5">
          {title}
        </Title>
        {empty ? (
          <Text c="dimmed" size="sm">
            {emptyText}
          </Text>
        ) : (
          children
        )}
      </Stack>
    </Card>
  );
}

/** A numbered top list in a card, with a sentence when it is empty. */
export function RankedList({ title, entries, emptyText }: { title: string; entries: RankedEntry[]; emptyText: string }) {
  return (
    <ListCard title={title} level={2} empty={entries.length === 0} emptyText={emptyText}>
      <Stack component="ol" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
        {entries.map((entry, index) => (
          <Group component="li" key={entry.key} justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <Text c="dimmed" size="sm" className="tabular" w={18} aria-hidden>
                {index + 1}
              </Text>
              <Anchor component={Link} to={entry.to} size="sm" fw={500} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {entry.label}
              </Anchor>
            </Group>
            <Text size="sm" fw={600} className="tabular" style={{ flex: 'none' }}>
              {entry.value}
            </Text>
          </Group>
        ))}
      </Stack>
    </ListCard>
  );
}
