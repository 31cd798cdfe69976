import { describe, expect, it } from 'vitest';
import { DEV_SERVER_HEADERS, SECURITY_HEADERS, staticHeadersFile } from '../../src/shared/security-headers';

describe('security headers', () => {
  it('writes every header into the static assets’ _headers file for all paths', () => {
    const lines = staticHeadersFile().trimEnd().split('\n');
    expect(lines[0]).toBe('/*');
    expect(lines).toContain('  Content-Security-Policy: ' + SECURITY_HEADERS['Content-Security-Policy']);
    expect(lines).toContain('  X-Content-Type-Options: nosniff');
    expect(lines).toContain('  Strict-Transport-Security: max-age=31536000; includeSubDomains');
    expect(lines).toHaveLength(2 + Object.keys(SECURITY_HEADERS).length);
  });

  it('forbids framing and inline scripts in production but only framing on the dev server', () => {
    expect(SECURITY_HEADERS['Content-Security-Policy']).toContain("script-src 'self'");
    expect(SECURITY_HEADERS['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(DEV_SERVER_HEADERS['Content-Security-Policy']).toBe("frame-ancestors 'none'");
    expect({ ...DEV_SERVER_HEADERS, 'Content-Security-Policy': '' }).toEqual({
      ...SECURITY_HEADERS,
      'Content-Security-Policy': '',
    });
  });
});
