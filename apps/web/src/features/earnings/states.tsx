import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Before the agency's first upload there is nothing to show: say so and what comes next. */
export function NoFiguresState() {
  const { t } = useTranslation('earnings');
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }}>
      <Stack align="center" ta="center" gap="xs">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          <IconChartBar size={26} />
        </ThemeIcon>
        <Title order={2} size="h4">
          {t('empty.title')}
        </Title>
        <Text c="dimmed" maw={480}>
          {t('empty.body')}
        </Text>
      </Stack>
    </Paper>
  );
}
