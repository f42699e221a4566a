import type { ComponentType } from 'react';
import { Anchor, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { Link } from 'react-router';

export interface StatCardProps {
  label: string;
  value: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  color?: string;
  /** A link under the figure ("Review", "Show the list"). */
  link?: { to: string; label: string };
}

/** One figure that jumps out: label, big tabular number, optional link to the list behind it. */
export function StatCard({ label, value, icon: Icon, color = 'brand', link }: StatCardProps) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <ThemeIcon variant="light" color={color} radius="md" size="lg" aria-hidden>
            <Icon size={20} aria-hidden />
          </ThemeIcon>
        </Group>
        <Text fz={28} fw={700} lh={1.1} className="tabular">
          {value}
        </Text>
        {link && (
          <Anchor component={Link} to={link.to} size="sm">
            {link.label}
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}
