// The accessibility check every page passes: axe's WCAG 2.2 AA rules, read once the page's animations have
// settled (a toast or dialog fading in is otherwise read at part opacity, as text of too little contrast).
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { animationsSettled } from './settled.js';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe's findings on the page (or only inside `include`, a CSS selector): "<rule>: <element>, <element>" each. */
export async function axeFindings(page: Page, options: { include?: string } = {}): Promise<string[]> {
  await animationsSettled(page);
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  const result = await (options.include ? builder.include(options.include) : builder).analyze();
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** No axe finding on the page; `where` names the page or state in the failure. */
export async function noAxeFindings(page: Page, where = ''): Promise<void> {
  expect({ where, findings: await axeFindings(page) }).toEqual({ where, findings: [] });
}
