// The page's name in the app bar: react-admin's title portal (each page's <Title>, or its List, Show, Create or
// Edit title, is drawn into it). Cut with an ellipsis when the bar has no room for all of it; the whole name
// stays in its title attribute, kept equal to its text as pages change it.
import { useEffect, useRef } from 'react';
import { TitlePortal } from 'react-admin';

export function AppBarTitle() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const title = ref.current;
    if (!title) return;
    const follow = () => {
      const text = title.textContent?.replace(/\s+/g, ' ').trim() ?? '';
      if (!text) title.removeAttribute('title');
      else if (title.getAttribute('title') !== text) title.setAttribute('title', text);
    };
    const observer = new MutationObserver(follow);
    observer.observe(title, { childList: true, subtree: true, characterData: true });
    follow();
    return () => observer.disconnect();
  }, []);
  // It shrinks after the company's name (AdminLayout's bar); on a phone in a smaller size, to show more of the
  // name. react-admin wraps a page's title in an inline block, which is clipped whole rather than cut with an
  // ellipsis: drawn inline, the ellipsis shows.
  return (
    <TitlePortal
      ref={ref}
      sx={{ flex: '1 1 auto', minWidth: 0, fontSize: { xs: '1rem', sm: '1.25rem' }, '& .RaConfigurable-root': { display: 'inline' } }}
    />
  );
}
