import { Button, Checkbox, Group, Menu, Paper, Text } from '@mantine/core';
import { IconCash, IconChevronDown, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TransferListFormat } from '@agency/shared';
import { useFormatters } from '../../lib/format.ts';
import type { PaymentSelection } from './use-payment-selection.ts';

export interface PayoutBatchBarProps {
  selection: PaymentSelection;
  /** The transfer list being downloaded, if any. */
  downloading: TransferListFormat | null;
  markingPaid: boolean;
  onDownload(format: TransferListFormat): void;
  onMarkPaid(): void;
}

/**
 * Paying approved payments together: choose them (all of this page at once), see their count and
 * total, download the transfer list for the bank, then mark them paid in one confirmed action.
 */
export function PayoutBatchBar({ selection, downloading, markingPaid, onDownload, onMarkPaid }: PayoutBatchBarProps) {
  const { t } = useTranslation('payments');
  const format = useFormatters();
  if (selection.payableOnPage.length === 0 && selection.count === 0) return null;
  const busy = downloading !== null || markingPaid;
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)" role="region" aria-label={t('admin.batch.title')}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="md" wrap="wrap">
          {selection.payableOnPage.length > 0 && (
            <Checkbox
              label={t('admin.batch.selectAllOnPage')}
              checked={selection.allOnPage}
              indeterminate={selection.someOnPage}
              onChange={(event) => selection.togglePage(event.currentTarget.checked)}
            />
          )}
          <Text size="sm" fw={selection.count > 0 ? 600 : undefined} c={selection.count > 0 ? undefined : 'dimmed'} aria-live="polite" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {selection.count > 0 ? t('admin.batch.selected', { count: selection.count, total: format.money(selection.totalCents) }) : t('admin.batch.hint')}
          </Text>
        </Group>
        {selection.count > 0 && (
          <Group gap="xs" wrap="wrap" ml="auto">
            <Button variant="subtle" color="gray" onClick={selection.clear} disabled={busy}>
              {t('admin.batch.clear')}
            </Button>
            <Menu position="bottom-end" shadow="md">
              <Menu.Target>
                <Button variant="default" rightSection={<IconChevronDown size={16} aria-hidden />} loading={downloading !== null} disabled={markingPaid}>
                  {t('admin.batch.download')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconFileSpreadsheet size={16} aria-hidden />} onClick={() => onDownload('xlsx')}>
                  {t('admin.batch.xlsx')}
                </Menu.Item>
                <Menu.Item leftSection={<IconFileTypeCsv size={16} aria-hidden />} onClick={() => onDownload('csv')}>
                  {t('admin.batch.csv')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
            <Button leftSection={<IconCash size={16} aria-hidden />} onClick={onMarkPaid} loading={markingPaid} disabled={downloading !== null}>
              {t('admin.batch.markPaid')}
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
