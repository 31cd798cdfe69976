import { describe, expect, inject, it } from 'vitest';
import { openPage } from './browser';
import { browserForFile } from './flows';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

/** The feature cards' columns (distinct left edges) and widths, and the gaps between sections. */
async function homeLayout(width: number) {
  const page = await openPage(browser(), { viewport: { width, height: 900 } });
  await page.goto(`${baseUrl}/`);
  const features = page.getByRole('region', { name: 'Everything a backtest needs' }).getByRole('listitem');
  await features.first().waitFor();
  const boxes = await Promise.all((await features.all()).map(async (card) => (await card.boundingBox())!));
  const headings = await Promise.all(
    ['Everything a backtest needs', 'Market coverage', 'Technical tools', 'Two ways to backtest'].map(
      async (name) => (await page.getByRole('heading', { level: 2, name }).boundingBox())!,
    ),
  );
  const sections = await Promise.all(
    ['Everything a backtest needs', 'Market coverage', 'Technical tools', 'Two ways to backtest'].map(
      async (name) => (await page.getByRole('region', { name }).boundingBox())!,
    ),
  );
  await page.close();
  return {
    columns: new Set(boxes.map((box) => Math.round(box.x))).size,
    widths: new Set(boxes.map((box) => Math.round(box.width))).size,
    cards: boxes.length,
    // From a section's top to its heading: the same room above every section.
    roomAbove: new Set(sections.map((section, i) => Math.round(headings[i]!.y - section.y))),
  };
}

describe('the home page layout', () => {
  it('lays the six feature cards out 3 + 3 at 1440 px and in one column at 375 px, sections evenly spaced', async () => {
    const wide = await homeLayout(1440);
    expect(wide).toMatchObject({ cards: 6, columns: 3, widths: 1 });
    expect(wide.roomAbove.size).toBe(1);
    expect([...wide.roomAbove][0]).toBeGreaterThanOrEqual(48);

    expect(await homeLayout(800)).toMatchObject({ cards: 6, columns: 2, widths: 1 });
    expect(await homeLayout(375)).toMatchObject({ cards: 6, columns: 1, widths: 1 });
  });
});
