import { Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ImportBlock } from './upload-answers.ts';

const IMPORT_HINTS: Record<NonNullable<ImportBlock>, string> = {
  notChecked: 'form.importHint',
  errors: 'form.importHintErrors',
  columns: 'form.importHintColumns',
  questions: 'form.importHintQuestions',
};

/** Import, closed with the reason while the last check does not allow it. */
export function ImportBar({ block, checking, importing, onImport }: { block: ImportBlock; checking: boolean; importing: boolean; onImport(): void }) {
  const { t } = useTranslation('uploads');
  return (
    <Card withBorder padding="md">
      <Group gap="sm" wrap="wrap">
        <Button
          leftSection={<IconUpload size={16} aria-hidden />}
          disabled={block !== null || checking}
          loading={importing}
          aria-describedby={block ? 'upload-import-hint' : undefined}
          onClick={onImport}
        >
          {t('form.import')}
        </Button>
        {block && (
          <Text size="sm" c="dimmed" id="upload-import-hint" style={{ flex: '1 1 16rem' }}>
            {t(IMPORT_HINTS[block])}
          </Text>
        )}
      </Group>
    </Card>
  );
}

/** Where the report goes: skeletons while the first check runs, the next step before any. */
export function ReportPlaceholder({ checking }: { checking: boolean }) {
  const { t } = useTranslation('uploads');
  return (
    <Card withBorder padding="md">
      {checking ? (
        <Stack gap="xs">
          <Text fw={600}>{t('status.checking')}</Text>
          {[0, 1, 2].map((line) => (
            <Skeleton key={line} height={20} radius="sm" />
          ))}
        </Stack>
      ) : (
        <Stack gap={4}>
          <Text fw={600}>{t('empty.title')}</Text>
          <Text c="dimmed" size="sm">
            {t('empty.body')}
          </Text>
        </Stack>
      )}
    </Card>
  );
}
