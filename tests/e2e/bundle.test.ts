import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const client = new URL('../../dist/client/', import.meta.url).pathname;

/** The scripts the home page loads before it renders: the entry and its module preloads. */
function initialScripts(): string[] {
  const html = readFileSync(`${client}index.html`, 'utf8');
  return [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map(
    (match) => match[1]!,
  );
}

describe('the production build (made by the e2e setup)', () => {
  it('keeps the home page’s initial JavaScript under 200 KB gzipped, charts and React dev code left out', () => {
    const scripts = initialScripts();
    expect(scripts.length).toBeGreaterThan(0);
    const code = scripts.map((path) => readFileSync(`${client}${path}`, 'utf8'));
    const gzipped = code.reduce((sum, text) => sum + gzipSync(text).length, 0);
    console.info(
      `home page initial JS: ${(gzipped / 1024).toFixed(1)} KB gzipped in ${scripts.length} file(s)`,
    );
    expect(gzipped).toBeLessThan(200 * 1024);
    // lightweight-charts loads with the result page only; a development React would be larger and slower.
    for (const text of code) {
      expect(text).not.toContain('lightweight-charts');
      expect(text).not.toContain('jsxDEV');
    }
  });

  it('ships no provider token or secret name in the browser’s code', () => {
    const scripts = readdirSync(`${client}assets`).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const name of scripts) {
      const text = readFileSync(`${client}assets/${name}`, 'utf8');
      for (const secret of ['api_token', 'MARKET_DATA_TOKEN', 'SESSION_SECRET', 'GOOGLE_CLIENT_SECRET'])
        expect(text, `${name} holds ${secret}`).not.toContain(secret);
    }
  });
});
