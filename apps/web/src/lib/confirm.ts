import { openConfirmModal } from '@mantine/modals';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { requestOverlayHost } from './overlay-host.ts';

export interface ConfirmOptions {
  /** Defaults to `common:confirm.title` ("Are you sure?"). */
  title?: ReactNode;
  /** Defaults to `common:confirm.body` ("You won't be able to revert this!"). */
  body?: ReactNode;
  /** Defaults to `common:confirm.yes`. */
  confirmLabel?: ReactNode;
  /** Defaults to `common:confirm.cancel`. */
  cancelLabel?: ReactNode;
  /** Red confirm button, for deletions and other destructive actions. @default true */
  destructive?: boolean;
}

/**
 * Asks for confirmation before a destructive action (docs/product.md §19). Resolves `true` when the
 * person confirms, `false` when they cancel, press Escape or close the dialog.
 * The dialog host (app/overlay-host.tsx, mounted by app/providers.tsx) loads on first use.
 *
 *   if (await confirmAction()) deleteDeduction.mutate(id);
 */
export async function confirmAction(options: ConfirmOptions = {}): Promise<boolean> {
  const { destructive = true } = options;
  await requestOverlayHost();
  return new Promise<boolean>((resolve) => {
    openConfirmModal({
      title: options.title ?? i18next.t('common:confirm.title'),
      children: options.body ?? i18next.t('common:confirm.body'),
      labels: {
        confirm: options.confirmLabel ?? i18next.t('common:confirm.yes'),
        cancel: options.cancelLabel ?? i18next.t('common:confirm.cancel'),
      },
      confirmProps: destructive ? { color: 'red' } : undefined,
      centered: true,
      // The close icon needs a name for screen readers (axe: button-name).
      closeButtonProps: { 'aria-label': i18next.t('common:actions.close') },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      // Called after onConfirm too; a promise settles once, so this only matters for Escape/close.
      onClose: () => resolve(false),
    });
  });
}
