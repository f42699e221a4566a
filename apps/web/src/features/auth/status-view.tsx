import { useEffect, useRef, type ReactNode } from 'react';
import { Stack, Text, ThemeIcon, Title } from '@mantine/core';

interface StatusViewProps {
  icon: ReactNode;
  title: string;
  color?: string;
  children?: ReactNode;
  text?: string;
}

/**
 * A result screen (sent, registered, submitted). Its heading takes the focus when it appears, so
 * a screen reader announces the outcome instead of staying on a button that no longer exists.
 */
export function StatusView({ icon, title, color = 'teal', text, children }: StatusViewProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <Stack align="center" ta="center" gap="md">
      <ThemeIcon size={64} radius="xl" color={color} variant="light" aria-hidden>
        {icon}
      </ThemeIcon>
      <Title order={1} size="h2" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
        {title}
      </Title>
      {text ? <Text c="dimmed">{text}</Text> : null}
      {children}
    </Stack>
  );
}
