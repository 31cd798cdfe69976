import { describe, expect, it } from 'vitest';
import { describeStorage, formatBytes } from '../../../../src/client/features/backtest-form/dataset-storage';

describe('the upload storage line', () => {
  it('rounds sizes up to a tenth in KB, MB or GB, dropping a whole number’s decimal', () => {
    expect(
      [0, 1, 1024, 1536, 50 * 1024 * 1024, 50 * 1024 * 1024 - 1, 1024 ** 3, 10 * 1024 ** 3].map(formatBytes),
    ).toEqual(['0 KB', '0.1 KB', '1 KB', '1.5 KB', '50 MB', '50 MB', '1 GB', '10 GB']);
    expect(formatBytes(1_100_000)).toBe('1.1 MB');
  });

  it('reads as used of the cap, or without one for administrators', () => {
    expect(describeStorage({ files: 3, bytes: 1_258_291, maxFiles: 20, maxBytes: 50 * 1024 * 1024 })).toBe(
      'Storage used: 3 of 20 files, 1.2 MB of 50 MB.',
    );
    expect(describeStorage({ files: 1, bytes: 2048, maxFiles: 1000, maxBytes: 10 * 1024 ** 3 })).toBe(
      'Storage used: 1 of 1,000 files, 2 KB of 10 GB.',
    );
    expect(describeStorage({ files: 1, bytes: 2048, maxFiles: null, maxBytes: null })).toBe(
      'Storage used: 1 file, 2 KB (no cap).',
    );
  });
});
