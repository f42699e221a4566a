import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '@agency/shared';
import '../lib/testing/setup-dom.ts';
import { changeLanguage, i18nReady } from '../lib/i18n.ts';
import { theme } from '../app/theme.ts';
import { DateField, parseTypedDay } from './date-field.tsx';

beforeAll(async () => {
  await i18nReady;
});
afterEach(cleanup);
afterAll(async () => {
  await changeLanguage('tr');
});

/** A field as a screen uses it: the value is `YYYY-MM-DD`, shown under it so the test reads what the screen holds. */
function Field({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField label="As-of date" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

function renderField(initial: string) {
  render(
    <MantineProvider theme={theme} env="test">
      <Field initial={initial} />
    </MantineProvider>,
  );
  return screen.getByLabelText('As-of date') as HTMLInputElement;
}

describe('DateField', () => {
  it.each<[Locale, string, string, string]>([
    ['de', '24.11.2026', '03.12.2026', 'TT.MM.JJJJ'],
    ['tr', '24.11.2026', '3.12.2026', 'GG.AA.YYYY'],
    ['en', '24/11/2026', '03/12/2026', 'DD/MM/YYYY'],
    ['ru', '24.11.2026', '03.12.2026', 'ДД.ММ.ГГГГ'],
    ['az', '24.11.2026', '03.12.2026', 'GG.AA.İİİİ'],
    ['ro', '24.11.2026', '03.12.2026', 'ZZ.LL.AAAA'],
  ])('%s: shows %s and takes a typed %s, whatever the browser’s language', async (locale, shown, typed, placeholder) => {
    await changeLanguage(locale);
    const input = renderField('2026-11-24');
    expect(input.value).toBe(shown);
    expect(input.placeholder).toBe(placeholder);
    fireEvent.change(input, { target: { value: typed } });
    expect(screen.getByTestId('value').textContent).toBe('2026-12-03');
    fireEvent.blur(input);
    expect(input.value).toBe(locale === 'en' ? '03/12/2026' : '03.12.2026');
  });

  it('never reads a typed day month-first, and keeps the last whole date while the text is incomplete or impossible', async () => {
    await changeLanguage('en');
    const input = renderField('2026-11-24');
    for (const text of ['11/24/2026', '31/02/2026', '24/11', '24/11/20261']) {
      fireEvent.change(input, { target: { value: text } });
      expect(screen.getByTestId('value').textContent, text).toBe('2026-11-24');
    }
    fireEvent.blur(input);
    expect(input.value).toBe('24/11/2026');
  });

  it('opens a calendar in the app’s language', async () => {
    await changeLanguage('de');
    const input = renderField('2026-03-24');
    fireEvent.click(input);
    expect(await screen.findByText('März 2026')).toBeTruthy();
    expect(screen.getByLabelText('Nächster Monat')).toBeTruthy();
    await changeLanguage('tr');
  });
});

describe('parseTypedDay', () => {
  it.each([
    ['24.11.2026', '2026-11-24'],
    ['1.2.2026', '2026-02-01'],
    ['24/11/2026', '2026-11-24'],
    ['24-11-2026', '2026-11-24'],
    [' 24 11 2026 ', '2026-11-24'],
    ['24.11.26', '2026-11-24'],
    ['2026-11-24', '2026-11-24'],
    ['29.02.2028', '2028-02-29'],
    ['29.02.2026', null],
    ['11/24/2026', null],
    ['24.11', null],
    ['', null],
    ['yesterday', null],
  ])('%s -> %s', (text, day) => {
    expect(parseTypedDay(text)).toBe(day);
  });
});
