import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeServer, loadEnglish, ok, renderAt } from '../auth/test-utils.tsx';
import LandingPage from './landing-page.tsx';
import { supportHoursRange } from './use-agency-contact.ts';

beforeAll(async () => {
  await loadEnglish();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const settings = {
  agencyName: 'Star LIVE Agency',
  contactPhone: '+90 212 000 00 00',
  contactEmail: 'hello@star.example',
  contactAddress: 'Levent, İstanbul',
  supportHours: '10:00-17:00',
  referralsEnabled: true,
};

describe('landing page', () => {
  it('has the landmarks, one h1 and headings that never skip a level', async () => {
    fakeServer({ 'GET /api/settings/public': ok(settings) });
    const { container } = renderAt('/', <LandingPage />);
    await screen.findByRole('heading', { level: 1 });
    expect(container.querySelectorAll('header')).toHaveLength(1);
    expect(container.querySelectorAll('main')).toHaveLength(1);
    expect(container.querySelectorAll('footer')).toHaveLength(1);
    const levels = [...container.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((heading) => Number(heading.tagName[1]));
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    expect(levels[0]).toBe(1);
    levels.forEach((level, index) => {
      if (index > 0) expect(level - levels[index - 1]!).toBeLessThanOrEqual(1);
    });
  });

  it('leads to the application and to sign-in', async () => {
    fakeServer({ 'GET /api/settings/public': ok(settings) });
    renderAt('/', <LandingPage />);
    const applyLinks = await screen.findAllByRole('link', { name: 'Apply now' });
    expect(applyLinks.map((link) => link.getAttribute('href'))).toContain('/kayit');
    const signInLinks = screen.getAllByRole('link', { name: 'Sign in' });
    expect(signInLinks.every((link) => link.getAttribute('href') === '/app/sessions/signIn')).toBe(true);
  });

  it('shows the three requirement cards and answers FAQ questions', async () => {
    fakeServer({ 'GET /api/settings/public': ok(settings) });
    renderAt('/', <LandingPage />);
    for (const title of ['Start strong', 'Stay regular', 'Build your hours']) {
      expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    }
    const question = screen.getByRole('button', { name: 'When and how am I paid?' });
    const answer = document.getElementById(question.getAttribute('aria-controls')!)!;
    expect(question.getAttribute('aria-expanded')).toBe('false');
    expect(answer.hidden).toBe(true);
    expect(question.closest('h3')).not.toBeNull();
    fireEvent.click(question);
    expect(await screen.findByText(/The minimum is \$50/)).toBeTruthy();
    expect(question.getAttribute('aria-expanded')).toBe('true');
    expect(answer.hidden).toBe(false);
    expect(answer.getAttribute('aria-labelledby')).toBe(question.id);
    fireEvent.click(question);
    expect(answer.hidden).toBe(true);
    expect(screen.getByRole('button', { name: 'How do referrals work?' })).toBeTruthy();
  });

  it('shows the agency name and contact details from the public settings', async () => {
    fakeServer({ 'GET /api/settings/public': ok(settings) });
    renderAt('/', <LandingPage />);
    expect((await screen.findByRole('link', { name: 'hello@star.example' })).getAttribute('href')).toBe('mailto:hello@star.example');
    expect(screen.getByRole('link', { name: '+90 212 000 00 00' }).getAttribute('href')).toBe('tel:+902120000000');
    expect(screen.getByText('Levent, İstanbul')).toBeTruthy();
    expect(screen.getByText('Weekdays 10:00–17:00')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Star LIVE Agency/ }).getAttribute('href')).toBe('/');
    expect(screen.getByText(/© \d{4} Star LIVE Agency/)).toBeTruthy();
  });

  it('falls back gracefully when the agency has no contact details and referrals are off', async () => {
    fakeServer({ 'GET /api/settings/public': ok({ referralsEnabled: false }) });
    renderAt('/', <LandingPage />);
    expect(await screen.findByText(/Our contact details will appear here soon/)).toBeTruthy();
    expect(screen.getByText('Weekdays 10:00–17:00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'How do referrals work?' })).toBeNull();
  });
});

describe('supportHoursRange', () => {
  it.each([
    ['10:00-17:00', '10:00–17:00'],
    [' 9:30 – 18:00 ', '9:30–18:00'],
    ['Mon-Fri 10-17', '10:00–17:00'],
    ['', '10:00–17:00'],
    [undefined, '10:00–17:00'],
  ])('%j -> %j', (setting, expected) => {
    expect(supportHoursRange(setting)).toBe(expected);
  });
});
