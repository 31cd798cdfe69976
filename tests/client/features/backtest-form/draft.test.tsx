import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DRAFT_KEY,
  clearDraft,
  loadDraft,
  saveDraft,
} from '../../../../src/client/features/backtest-form/draft';
import { defaultFormValues } from '../../../../src/client/features/backtest-form/form-values';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('draft', () => {
  it('round-trips the values and the mode through sessionStorage', () => {
    const values = { ...defaultFormValues('US', 'AAPL'), fromDate: '2024-02-01' };
    saveDraft({ mode: 'review', values });
    expect(sessionStorage.getItem(DRAFT_KEY)).not.toBeNull();
    expect(loadDraft()).toEqual({ mode: 'review', values });
    clearDraft();
    expect(loadDraft()).toBeNull();
  });

  it('ignores a damaged draft', () => {
    sessionStorage.setItem(DRAFT_KEY, '{not json');
    expect(loadDraft()).toBeNull();
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ mode: 'review' }));
    expect(loadDraft()).toBeNull();
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ mode: 'weird', values: { timeframe: 'nope' } }));
    expect(loadDraft()).toEqual({ mode: 'edit', values: defaultFormValues() });
  });

  it('does not break when storage is unavailable', () => {
    const refuse = () => {
      throw new DOMException('The storage is not available', 'SecurityError');
    };
    vi.stubGlobal('sessionStorage', { getItem: refuse, setItem: refuse, removeItem: refuse });
    expect(() => saveDraft({ mode: 'edit', values: defaultFormValues() })).not.toThrow();
    expect(loadDraft()).toBeNull();
    expect(() => clearDraft()).not.toThrow();
  });
});
