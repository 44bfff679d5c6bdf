import { chromium } from 'playwright-core';
const base = process.env.URL;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const [lang, width] of [['en', 1280], ['en', 375], ['ms', 375], ['ms', 1280]]) {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  await context.addInitScript((l) => localStorage.setItem('binaan.language', l), lang);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const scripts = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  await page.goto(`${base}/`);
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `/tmp/i32/shots/landing-${lang}-${width}.png` });
  const before = scripts.length;
  if (width < 768) await page.getByRole('button', { name: /menu/i }).first().click();
  await page.getByTestId('header-sign-in').filter({ visible: true }).first().click();
  await page.locator('input[name="loginEmail"]').waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `/tmp/i32/shots/signin-${lang}-${width}.png` });
  await page.goBack();
  await page.getByRole('heading', { level: 1 }).waitFor();
  console.log(lang, width, 'landing scripts', scripts.slice(0, before).join(' '), '| after hand-over', scripts.slice(before).join(' '), '| back at', new URL(page.url()).pathname, 'title', await page.title(), errors.length ? `ERRORS ${errors}` : 'no errors');
  await context.close();
}
await browser.close();
