// The document title names the page (WCAG 2.4.2): "<page> · Binaan", in the chosen language, on every page of
// both areas without each page setting it. The page's name is what it already shows as its title: an element
// with data-page-title (a page whose heading is not its name, such as the landing), else react-admin's title
// in the app bar (every signed-in page sets it with <Title> or its List/Show title), else the page's <h1>.
// Watched with a MutationObserver, so a title that changes with the data or the language follows.
import { useEffect } from 'react';

const BRAND = 'Binaan';

export function pageName(root: ParentNode = document): string {
  const named = root.querySelector('[data-page-title]')?.getAttribute('data-page-title');
  const adminTitle = root.querySelector('#react-admin-title')?.textContent;
  const heading = root.querySelector('main h1, h1')?.textContent;
  return [named, adminTitle, heading].map((text) => text?.replace(/\s+/g, ' ').trim() ?? '').find(Boolean) ?? '';
}

export function documentTitle(name: string): string {
  return name && name !== BRAND ? `${name} · ${BRAND}` : BRAND;
}

export function DocumentTitle() {
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const title = documentTitle(pageName());
      if (document.title !== title) document.title = title;
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['data-page-title'],
    });
    update();
    return () => {
      observer.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
  return null;
}
