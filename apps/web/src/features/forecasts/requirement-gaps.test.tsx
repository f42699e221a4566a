import '../../lib/testing/setup-dom.ts';
import { Suspense } from 'react';
import { cleanup, screen } from '@testing-library/react';
import type { Locale } from '@agency/shared';
import i18next from 'i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18nReady } from '../../lib/i18n.ts';
import { aCreatorForecast } from '../../lib/testing/fixtures.ts';
import { renderWithProviders } from '../../lib/testing/render.tsx';
import { RequirementGaps } from './requirement-gaps.tsx';

/** One creator per plural form: 1 day missing with 1 day left (no pace yet), 4 missing with 9 left (projected). */
const ONE = aCreatorForecast({
  method: 'none',
  projected: null,
  state: 'noPace',
  requirements: [{ rule: 'firstWeekDays', needed: 3, have: 2, gap: 1, daysLeft: 1, projected: null, state: 'noPace' }],
});
const MANY = aCreatorForecast({
  state: 'atRisk',
  requirements: [
    { rule: 'monthDays', needed: 12, have: 8, gap: 4, daysLeft: 9, projected: 11, state: 'atRisk' },
    { rule: 'monthHours', needed: 25 * 3600, have: 18 * 3600 + 30 * 60, gap: 6 * 3600 + 30 * 60, daysLeft: 9, projected: 27 * 3600, state: 'onPace' },
  ],
});

async function renderIn(language: Locale) {
  await changeLanguage(language);
  await i18next.loadNamespaces(['forecasts', 'common']);
  renderWithProviders(
    <Suspense fallback={null}>
      <RequirementGaps forecast={ONE} />
      <RequirementGaps forecast={MANY} />
    </Suspense>,
  );
}

describe('requirement gaps as sentences', () => {
  beforeAll(async () => {
    await i18nReady;
  });
  afterEach(() => cleanup());
  afterAll(async () => {
    await changeLanguage('en');
  });

  it('in English, with the singular and the plural of days, every projected figure called projected', async () => {
    await renderIn('en');
    expect(await screen.findByText('Needs 1 more valid LIVE day in 1 day left')).toBeTruthy();
    expect(screen.getByText('Needs 4 more valid LIVE days in 9 days left, projected 11 valid LIVE days')).toBeTruthy();
    expect(screen.getByText('25 hours needed, 18 h 30 min so far, projected 27 h 0 min')).toBeTruthy();
    expect(screen.getByText('One upload so far: no pace yet, so nothing is projected.')).toBeTruthy();
    expect(screen.getByText('First 7 days after joining')).toBeTruthy();
    expect(screen.getByText('At risk')).toBeTruthy();
  });

  it('in Turkish (one form for every number, as Turkish counts)', async () => {
    await renderIn('tr');
    expect(await screen.findByText('1 geçerli yayın günü daha gerekiyor, 1 gün kaldı')).toBeTruthy();
    expect(screen.getByText('4 geçerli yayın günü daha gerekiyor, 9 gün kaldı; öngörülen: 11 geçerli yayın günü')).toBeTruthy();
    expect(screen.getByText('25 saat gerekiyor, şu ana kadar 18 sa 30 dk; öngörülen: 27 sa 0 dk')).toBeTruthy();
    expect(screen.getByText('Şu ana kadar tek yükleme var: henüz tempo yok, bu yüzden öngörü yapılmıyor.')).toBeTruthy();
  });

  it('in Russian, with its few and many forms', async () => {
    await renderIn('ru');
    expect(await screen.findByText('Нужен ещё 1 засчитанный день эфира, остался 1 день')).toBeTruthy();
    expect(screen.getByText('Нужно ещё 4 засчитанных дня эфира, осталось 9 дней; по прогнозу 11 засчитанных дней эфира')).toBeTruthy();
    expect(screen.getByText('Нужно 25 часов, пока 18 ч 30 мин; по прогнозу 27 ч 0 мин')).toBeTruthy();
  });
});
