import { Button, Group, Pagination, Select, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/notify.ts';
import { useIsPhone } from './use-is-phone.ts';

const PAGE_SIZES = [10, 20, 50, 100];

/** Loading skeletons, the failure with a retry, or the empty sentence under a list. */
export function ListState({ query, isEmpty, isFiltered }: { query: UseQueryResult<unknown>; isEmpty: boolean; isFiltered: boolean }) {
  const { t } = useTranslation('common');
  if (query.isPending) {
    return (
      <Stack gap="xs" aria-busy>
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} height={28} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Stack align="center" gap="xs" py="md" role="alert">
        <Text fw={600}>{t('errorState.loadTitle')}</Text>
        <Text c="dimmed">{errorText(query.error)}</Text>
        <Button variant="light" onClick={() => void query.refetch()}>
          {t('actions.retry')}
        </Button>
      </Stack>
    );
  }
  if (isEmpty) {
    return (
      <Stack align="center" gap={4} py="md">
        <Text fw={600}>{t('empty.title')}</Text>
        <Text c="dimmed">{isFiltered ? t('empty.noResults') : t('empty.body')}</Text>
      </Stack>
    );
  }
  return null;
}

export interface ListFooterProps {
  total: number;
  page: number;
  pageSize: number;
  onPage(page: number): void;
  onPageSize(size: number): void;
  totalLabel: string;
}

/** The count, the page size and the pages. */
export function ListFooter({ total, page, pageSize, onPage, onPageSize, totalLabel }: ListFooterProps) {
  const { t } = useTranslation('common');
  const pagination = usePaginationFit();
  return (
    <Group justify="space-between" wrap="wrap">
      <Group gap="sm">
        <Text size="sm" c="dimmed">
          {totalLabel}
        </Text>
        <Select
          aria-label={t('pagination.pageSize')}
          data={PAGE_SIZES.map((size) => String(size))}
          value={String(pageSize)}
          onChange={(value) => value && onPageSize(Number(value))}
          allowDeselect={false}
          w={90}
          size="xs"
        />
      </Group>
      <Pagination
        total={Math.max(1, Math.ceil(total / pageSize))}
        value={page}
        onChange={onPage}
        size="sm"
        {...pagination}
        getControlProps={(control) => ({ 'aria-label': t(`common:pagination.${control}`) })}
      />
    </Group>
  );
}

/**
 * Pagination that fits a phone with 44 px buttons: the current page between the first and the
 * last (7 buttons at most), the pages around it as well on larger screens.
 */
export function usePaginationFit(): { siblings: number; boundaries: number } {
  return useIsPhone() ? { siblings: 0, boundaries: 1 } : { siblings: 1, boundaries: 1 };
}
