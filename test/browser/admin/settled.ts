// Before axe reads a page: every CSS transition and animation has finished. A toast fading in (MUI's
// Snackbar) is read by axe at part opacity as text of too little contrast; once shown it has enough.
// Endless animations (a spinner, an indeterminate progress bar) are not waited for.
import type { Page } from '@playwright/test';

export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity), undefined, { timeout: 10_000 });
}
