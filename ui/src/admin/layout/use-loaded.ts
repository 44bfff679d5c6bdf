// A call's answer for a page: its data, or the failure it ended with. A failure is never turned into an empty
// list, so a picker or page cannot say "nothing here" when the call was refused or never answered.
import { useCallback, useEffect, useRef, useState } from 'react';
import { loadFailureOf, type LoadFailure } from './load-failure.js';

export type Loaded<T> = {
  /** The latest answer; kept through a failed reload, so a page may still show what it had beside the failure. */
  data: T | undefined;
  failure: LoadFailure | null;
  loading: boolean;
  /** Asks again (the "Try again" button, or after a change the page made). */
  reload: () => void;
};

type State<T> = { data: T | undefined; failure: LoadFailure | null; loading: boolean };

/**
 * Runs `loader` on mount and whenever it changes: pass a stable function (a module-level one or a useCallback), since
 * a new function each render would ask again on every render.
 * A new loader starts from nothing, since its answer is about something else; `null` loads nothing.
 * Only the latest call's answer counts: an earlier one that comes back later is dropped.
 */
export function useLoaded<T>(loader: (() => Promise<T>) | null): Loaded<T> {
  const [state, setState] = useState<State<T>>({ data: undefined, failure: null, loading: loader !== null });
  const latest = useRef(0);
  const run = useCallback(() => {
    if (!loader) return;
    const call = ++latest.current;
    setState((current) => ({ ...current, loading: true }));
    loader().then(
      (data) => {
        if (call === latest.current) setState({ data, failure: null, loading: false });
      },
      (error: unknown) => {
        if (call === latest.current) setState((current) => ({ data: current.data, failure: loadFailureOf(error), loading: false }));
      },
    );
  }, [loader]);
  useEffect(() => {
    setState({ data: undefined, failure: null, loading: loader !== null });
    run();
    return () => {
      // Unmounted, or another loader: whatever is still on its way is dropped.
      latest.current += 1;
    };
  }, [loader, run]);
  return { ...state, reload: run };
}
