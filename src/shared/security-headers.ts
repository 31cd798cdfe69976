/**
 * Headers sent with every response: by the worker for /api and, through the generated
 * `_headers` file, by the static asset server for the SPA. The CSP allows only same-origin
 * scripts, styles and connections: the built SPA needs nothing else.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/**
 * HSTS: browsers keep to HTTPS for a year on this host and its subdomains. Sent on HTTPS
 * responses only (over plain HTTP it means nothing), so not on the local http servers.
 */
export const STRICT_TRANSPORT_SECURITY = {
  name: 'Strict-Transport-Security',
  value: 'max-age=31536000; includeSubDomains',
} as const;

/**
 * The same headers in the format of Cloudflare's static-assets `_headers` file, plus HSTS:
 * deployed assets are served over HTTPS only.
 */
export function staticHeadersFile(): string {
  const lines = [
    ...Object.entries(SECURITY_HEADERS),
    [STRICT_TRANSPORT_SECURITY.name, STRICT_TRANSPORT_SECURITY.value],
  ].map(([name, value]) => `  ${name}: ${value}`);
  return ['/*', ...lines, ''].join('\n');
}

/**
 * The headers for Vite's development server. Its hot reload injects inline scripts, which the
 * full policy forbids, so in development the CSP keeps only `frame-ancestors 'none'`.
 */
export const DEV_SERVER_HEADERS: Readonly<Record<string, string>> = {
  ...SECURITY_HEADERS,
  'Content-Security-Policy': "frame-ancestors 'none'",
};
