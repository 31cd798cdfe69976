import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * The hooks of a page test: console.error silenced during each test (React logs the failures
 * these tests provoke on purpose); after it, the page unmounted first (so none of its effects
 * calls the real fetch), then stubbed globals and spies restored.
 */
export function resetPageAfterEachTest(): void {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
