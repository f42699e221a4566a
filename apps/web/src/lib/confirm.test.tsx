import './testing/setup-dom.ts';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { confirmAction } from './confirm.ts';
import { changeLanguage, i18nReady } from './i18n.ts';
import { renderWithProviders } from './testing/render.tsx';

const renderProviders = () => renderWithProviders(<p>page</p>);

async function openDialog(options?: Parameters<typeof confirmAction>[0]) {
  let answer: Promise<boolean> = Promise.resolve(false);
  await act(async () => {
    answer = confirmAction(options);
  });
  await waitFor(() => expect(dialog()).not.toBeNull());
  // Wrapped: an async function returning the promise itself would wait for the answer.
  return { answer };
}

// Role queries compute styles of every element, which is slow in jsdom with Mantine's stylesheet.
function button(label: string): HTMLElement {
  const element = screen.getByText(label).closest('button');
  if (!element) throw new Error(`No button "${label}"`);
  return element;
}

const dialog = () => document.querySelector('[role="dialog"]');

describe('confirmAction', () => {
  beforeAll(async () => {
    await i18nReady;
    await changeLanguage('en');
  });
  afterEach(cleanup);

  it('shows the translated catalogue texts and resolves true on confirm', async () => {
    renderProviders();
    const { answer } = await openDialog();
    expect(dialog()).not.toBeNull();
    expect(screen.getByText('Are you sure?')).toBeTruthy();
    expect(screen.getByText("You won't be able to revert this!")).toBeTruthy();
    fireEvent.click(button('Yes, continue'));
    await expect(answer).resolves.toBe(true);
  });

  it('resolves false on cancel', async () => {
    renderProviders();
    const { answer } = await openDialog();
    fireEvent.click(button('Cancel'));
    await expect(answer).resolves.toBe(false);
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('resolves false when the dialog is closed with Escape', async () => {
    renderProviders();
    const { answer } = await openDialog();
    fireEvent.keyDown(dialog() as Element, { key: 'Escape' });
    await expect(answer).resolves.toBe(false);
  });

  it('uses the language of the moment and accepts its own texts', async () => {
    await changeLanguage('de');
    try {
      renderProviders();
      const { answer } = await openDialog({ body: 'Abzug löschen?' });
      expect(screen.getByText('Sind Sie sicher?')).toBeTruthy();
      expect(screen.getByText('Abzug löschen?')).toBeTruthy();
      fireEvent.click(button('Abbrechen'));
      await expect(answer).resolves.toBe(false);
    } finally {
      await changeLanguage('en');
    }
  });
});
