/**
 * axe-core in a page: the critical and serious violations of its rules, each written as a line a
 * reader can act on (rule, impact, the elements' selectors and a short piece of their HTML).
 */
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core');

/** The impacts that fail a page. */
const BLOCKING: readonly ImpactValue[] = ['critical', 'serious'];

/** Elements listed per violation: a rule broken 150 times reads better as 5 and a count. */
const ELEMENTS_SHOWN = 5;

/** A violation as it leaves the page: plain data. */
interface Violation {
  id: string;
  impact: ImpactValue | undefined;
  help: string;
  nodes: { target: string[]; html: string }[];
}

/** An element's HTML cut to a readable length, on one line. */
function snippet(html: string): string {
  const line = html.replace(/\s+/g, ' ').trim();
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
}

/**
 * Runs axe-core over the whole page as it is now and returns one line per element of each
 * critical or serious violation, `where` first ("pricing at 375 px"); none when the page passes.
 * The page's context must bypass its CSP: the script is added inline.
 */
export async function blockingViolations(page: Page, where: string): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = await page.evaluate(async (blocking) => {
    const { axe } = window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } };
    const results = await axe.run(document);
    return results.violations
      .filter((violation) => blocking.includes(violation.impact ?? 'minor'))
      .map((violation): Violation => ({
        id: violation.id,
        impact: violation.impact ?? undefined,
        help: violation.help,
        nodes: violation.nodes.map((node) => ({ target: node.target.map(String), html: node.html })),
      }));
  }, BLOCKING);
  return violations.flatMap((violation) => {
    const shown = violation.nodes.slice(0, ELEMENTS_SHOWN);
    const rest = violation.nodes.length - shown.length;
    return [
      ...shown.map(
        (node) =>
          `${where}: ${violation.id} (${violation.impact}: ${violation.help}) at ${node.target.join(' ')}: ${snippet(node.html)}`,
      ),
      ...(rest > 0 ? [`${where}: ${violation.id} on ${rest} more element(s)`] : []),
    ];
  });
}
