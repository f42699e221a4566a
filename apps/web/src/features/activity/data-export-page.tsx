import { Alert, Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDatabaseExport, IconFileSpreadsheet, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DatabaseDownloadButton, useDatabaseDownload } from './components/database-download.tsx';

/**
 * `/app/accounts/dataExport` (Agency group of the admin sidebar): the database download where an
 * admin looks for it, each file with what it holds. The activity log keeps the same two buttons.
 */
export default function DataExportPage() {
  const { t } = useTranslation('activity');
  const download = useDatabaseDownload();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('export.title')}
        </Title>
        <Text c="dimmed">{t('export.subtitle')}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="export-workbook">
          <Stack gap="md" h="100%">
            <ThemeIcon variant="light" size="xl" radius="md" aria-hidden>
              <IconFileSpreadsheet size={24} />
            </ThemeIcon>
            <Title order={2} size="h4" id="export-workbook">
              {t('export.workbookTitle')}
            </Title>
            <Text size="sm">{t('export.workbookText')}</Text>
            <div style={{ marginTop: 'auto' }}>
              <DatabaseDownloadButton kind="workbook" download={download} />
            </div>
          </Stack>
        </Card>
        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="export-backup">
          <Stack gap="md" h="100%">
            <ThemeIcon variant="light" color="gray" size="xl" radius="md" aria-hidden>
              <IconDatabaseExport size={24} />
            </ThemeIcon>
            <Title order={2} size="h4" id="export-backup">
              {t('export.backupTitle')}
            </Title>
            <Text size="sm">{t('export.backupText')}</Text>
            <Alert variant="light" color="yellow" icon={<IconLock size={18} aria-hidden />} p="sm">
              <Text size="sm">{t('export.backupWarning')}</Text>
            </Alert>
            <div style={{ marginTop: 'auto' }}>
              <DatabaseDownloadButton kind="backup" download={download} />
            </div>
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
