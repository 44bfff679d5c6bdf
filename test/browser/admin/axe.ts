// The accessibility check every page passes: axe's WCAG 2.2 AA rules, read once the page's animations have
// settled (a toast or dialog fading in is otherwise read at part opacity, as text of too little contrast).
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { animationsSettled } from './settled.js';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe with the WCAG rules, run as axe.run in the page itself (the library's legacy mode) and reporting only
 * violations. Its default (runPartial in each frame, then finishRun in a blank page it opens for the purpose)
 * opened a page per check, about half of the accessibility sweep's time; our pages have no cross-origin frames,
 * the case that default exists for. Passes and incomplete checks are not collected: no test reads them.
 */
export function wcagAxe(page: Page): AxeBuilder {
  // options() replaces what withTags() set: first.
  return new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_TAGS)
    .setLegacyMode(true);
}

/** axe's findings on the page (or only inside `include`, a CSS selector): "<rule>: <element>, <element>" each. */
export async function axeFindings(page: Page, options: { include?: string } = {}): Promise<string[]> {
  await animationsSettled(page);
  const builder = wcagAxe(page);
  const result = await (options.include ? builder.include(options.include) : builder).analyze();
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** No axe finding on the page; `where` names the page or state in the failure. */
export async function noAxeFindings(page: Page, where = ''): Promise<void> {
  expect({ where, findings: await axeFindings(page) }).toEqual({ where, findings: [] });
}
