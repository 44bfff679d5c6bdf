// The list's filter inputs a user adds from the filter menu (project, counterparty, dates), fetched when
// one is first shown: the select, the autocomplete and its popper are about a fifth of the
// scripts on the way into a list, and most visits never open a filter. The search field is always on, so
// it stays in the list's own chunk. react-admin's filter menu reads the elements' props (source, label)
// without rendering them, and its form clones them with more props: every prop is passed through.
import { Suspense, lazy, type ComponentProps } from 'react';
import { useListContext } from 'react-admin';

const LazySelect = lazy(() => import('./list-filter-select.js').then((m) => ({ default: m.SelectInput })));
const LazyCounterparty = lazy(() => import('./CounterpartyInput.js').then((m) => ({ default: m.CounterpartyInput })));
const LazyDate = lazy(() => import('../inputs/DmyDateInput.js').then((m) => ({ default: m.DmyDateInput })));

/**
 * The filter's value in the list's filter (e.g. from the URL's `filter=`), as the input's default value.
 * react-admin's filter form copies the list's filter into the inputs registered when it mounts; an input
 * loaded lazily registers later and would show no value while the list is filtered by it.
 */
function useFilterValue(source: unknown): unknown {
  const filterValues = useListContext().filterValues as Record<string, unknown> | undefined;
  return typeof source === 'string' ? filterValues?.[source] : undefined;
}

// Its own Suspense, so the list stays on screen (not the page's loading fallback) while a filter loads.
export function ProjectFilterInput(props: ComponentProps<typeof LazySelect>) {
  const value = useFilterValue(props.source);
  return (
    <Suspense fallback={null}>
      <LazySelect {...props} {...(value === undefined ? {} : { defaultValue: value })} />
    </Suspense>
  );
}
export function CounterpartyFilterInput(props: ComponentProps<typeof LazyCounterparty>) {
  const value = useFilterValue(props.source);
  return (
    <Suspense fallback={null}>
      <LazyCounterparty {...props} {...(value === undefined ? {} : { defaultValue: value })} />
    </Suspense>
  );
}
export function DateFilterInput(props: ComponentProps<typeof LazyDate>) {
  const value = useFilterValue(props.source);
  return (
    <Suspense fallback={null}>
      <LazyDate {...props} {...(value === undefined ? {} : { defaultValue: value })} />
    </Suspense>
  );
}
