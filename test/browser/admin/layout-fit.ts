// What a page's layout must not do, measured in the browser: on a phone, nothing ends past the screen's right
// edge (a box that scrolls sideways on purpose, such as a table's own region, may hold wider content, and a
// text cut with an ellipsis on purpose may run on inside its box); at any size, no menu entry or form label is
// cut with an ellipsis. Each problem names the element, so it can be found.
import type { Page } from '@playwright/test';

/**
 * The menu's entries (while it is open: folded to its icons it hides them on purpose) and the forms' labels: cut
 * with an ellipsis they hide what the entry or field is.
 */
const LABELS = '.RaMenu-open *, .MuiInputLabel-root, .MuiFormLabel-root';

/** The problems of the page as drawn now: elements past a phone's right edge (`phone`), then cut labels. */
export async function layoutProblems(page: Page, { phone }: { phone: boolean }): Promise<string[]> {
  return page.evaluate(
    ({ phone, labels }) => {
      const width = window.innerWidth;
      const describe = (el: Element) => {
        const testId = el.getAttribute('data-testid');
        const classes = [...el.classList]
          .filter((name) => !name.startsWith('css-'))
          .slice(0, 2)
          .join('.');
        const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
        return `${el.tagName.toLowerCase()}${testId ? `[data-testid="${testId}"]` : ''}${classes ? `.${classes}` : ''}${text ? ` "${text}"` : ''}`;
      };
      // Inside a box that scrolls sideways on purpose, or one that cuts its text with an ellipsis on purpose (the app
      // bar's page name), content may run past the edge: the box itself is what is drawn.
      const heldInside = (el: Element) => {
        for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
          const style = getComputedStyle(parent);
          if (['auto', 'scroll'].includes(style.overflowX) || (style.overflowX !== 'visible' && style.textOverflow === 'ellipsis'))
            return true;
        }
        return false;
      };
      const problems: string[] = [];
      if (phone) {
        if (document.documentElement.scrollWidth > width) problems.push(`the page is ${document.documentElement.scrollWidth} px wide`);
        const past = [...document.body.querySelectorAll('*')].filter((el) => {
          const box = el.getBoundingClientRect();
          return box.width > 0 && box.right > width + 1 && el.checkVisibility({ visibilityProperty: true }) && !heldInside(el);
        });
        const set = new Set(past);
        // Where the overflow starts first (an element past the edge inside a parent that is not), then the widest.
        const rank = (el: Element) => (set.has(el.parentElement!) ? 1 : 0);
        past.sort((a, b) => rank(a) - rank(b) || b.getBoundingClientRect().right - a.getBoundingClientRect().right);
        problems.push(
          ...past.slice(0, 6).map((el) => `${describe(el)} ends at ${Math.round(el.getBoundingClientRect().right)} px, past ${width}`),
        );
      }
      for (const el of document.querySelectorAll(labels)) {
        if (
          el.checkVisibility({ visibilityProperty: true }) &&
          getComputedStyle(el).textOverflow === 'ellipsis' &&
          el.scrollWidth > el.clientWidth + 1
        )
          problems.push(`${describe(el)} is cut (${el.scrollWidth} px of text in ${el.clientWidth})`);
      }
      return problems;
    },
    { phone, labels: LABELS },
  );
}
