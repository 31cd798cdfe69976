/**
 * The builder's unsent inputs, kept in sessionStorage so they survive the round trip to the
 * login page (and a reload) and go when the tab closes. Storage may be unavailable (privacy
 * modes): then nothing is kept, and nothing breaks.
 */
import type { FormMode } from './form-state';
import { type FormValues, fromRequest } from './form-values';

export const DRAFT_KEY = 'backtest-draft';

export interface Draft {
  mode: FormMode;
  values: FormValues;
}

export function saveDraft(draft: Draft): void {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Full or blocked storage: the draft is a convenience, not a promise.
  }
}

export function loadDraft(): Draft | null {
  try {
    const text = sessionStorage.getItem(DRAFT_KEY);
    if (!text) return null;
    const saved = JSON.parse(text) as { mode?: unknown; values?: unknown };
    if (typeof saved !== 'object' || saved === null || typeof saved.values !== 'object') return null;
    return { mode: saved.mode === 'review' ? 'review' : 'edit', values: fromRequest(saved.values) };
  } catch {
    return null;
  }
}

export function clearDraft(): void {
  try {
    sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // As above.
  }
}
