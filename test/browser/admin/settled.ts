// Before axe reads a page: every CSS transition and animation has finished. A toast fading in (MUI's
// Snackbar) is read by axe at part opacity as text of too little contrast; once shown it has enough.
// Endless animations (a spinner, an indeterminate progress bar) are not waited for.
// A toast's Grow transition is started by script on the frame after the toast mounts, so for a moment it
// is at opacity 0 with no animation running yet (axe once read one then): two frames are let pass
// first, and every toast must be at full opacity (or gone) too.
import type { Page } from '@playwright/test';

export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity) &&
      [...document.querySelectorAll('.MuiSnackbarContent-root')].every((toast) => getComputedStyle(toast).opacity === '1'),
    undefined,
    { timeout: 10_000 },
  );
}
