import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone-format.ts';

describe('formatPhone', () => {
  it('groups a stored number as people read it, in its own country’s way', () => {
    expect(formatPhone('+905321110001')).toBe('+90 532 111 00 01');
    expect(formatPhone('+4915112345678')).toBe('+49 1511 2345678');
    expect(formatPhone('+40721234567')).toBe('+40 721 234 567');
    expect(formatPhone('+994501234567')).toBe('+994 50 123 45 67');
  });

  it('shows what it cannot read as stored, and no phone as nothing', () => {
    expect(formatPhone('12')).toBe('12');
    expect(formatPhone(null)).toBe('');
    expect(formatPhone(undefined)).toBe('');
    expect(formatPhone('')).toBe('');
  });
});
