import { configure } from '@testing-library/react';

/**
 * Every web test file starts with this (vitest.config.ts setupFiles). The web suite shares two
 * cores with both server suites, so a screen can take longer than Testing Library's default 1 s
 * to show what a test waits for: CI once failed on a toast that came late. A wait that never
 * comes true still fails, after 5 s.
 */
configure({ asyncUtilTimeout: 5_000 });
