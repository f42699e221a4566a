import { Button, Card, Checkbox, FileInput, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconFileCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field.tsx';

export interface UploadFormProps {
  file: File | null;
  asOf: string;
  createUnknown: boolean;
  onFile(file: File | null): void;
  onAsOf(asOf: string): void;
  onCreateUnknown(createUnknown: boolean): void;
  /** Runs the check (the dry run). */
  onCheck(): void;
  checking: boolean;
  importing: boolean;
}

/** The file, its as-of date and the choice for unknown usernames, with the Check button. */
export function UploadForm({ file, asOf, createUnknown, onFile, onAsOf, onCreateUnknown, onCheck, checking, importing }: UploadFormProps) {
  const { t } = useTranslation('uploads');
  return (
    <Card withBorder padding="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onCheck();
        }}
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <FileInput
              label={t('form.file')}
              description={t('form.fileHint')}
              placeholder={t('form.filePlaceholder')}
              accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              value={file}
              onChange={onFile}
              clearable
              required
            />
            <DateField label={t('form.asOf')} description={t('form.asOfHint')} value={asOf} onChange={onAsOf} required />
          </SimpleGrid>
          <Checkbox
            label={t('form.createUnknown')}
            description={t('form.createUnknownHint')}
            checked={createUnknown}
            onChange={(event) => onCreateUnknown(event.currentTarget.checked)}
          />
          <Group>
            <Button type="submit" variant="light" leftSection={<IconFileCheck size={16} aria-hidden />} loading={checking} disabled={importing}>
              {t('form.check')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
