// A link inside the ui that works with or without react-router: the landing is served without the
// router (ui/src/landing-entry.tsx), so its header, footer and sections link through this. Inside the app the
// router's navigate is provided (app.tsx); on the light landing the hand-over to the app is (main.tsx). With
// neither, it is a plain link and the browser loads the page.
import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';

export type Navigate = (to: string) => void;

const NavigateContext = createContext<Navigate | null>(null);
export const NavigateProvider = NavigateContext.Provider;

type AppLinkProps = { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>;

/** A plain left click navigates in the page; a click with a modifier or another button keeps the browser's own meaning. */
export function isPlainClick(
  event: Pick<MouseEvent, 'button' | 'metaKey' | 'altKey' | 'ctrlKey' | 'shiftKey' | 'defaultPrevented'>,
): boolean {
  return !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

export function AppLink({ to, onClick, ...rest }: AppLinkProps) {
  const navigate = useContext(NavigateContext);
  return (
    <a
      href={to}
      {...rest}
      onClick={(event) => {
        onClick?.(event);
        if (!navigate || rest.target || !isPlainClick(event)) return;
        event.preventDefault();
        navigate(to);
      }}
    />
  );
}
