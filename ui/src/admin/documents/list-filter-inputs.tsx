// The list's filter inputs a user adds from the filter menu (project, counterparty, dates), fetched when
// one is first shown (issue 32): the select, the autocomplete and its popper are about a fifth of the
// scripts on the way into a list, and most visits never open a filter. The search field is always on, so
// it stays in the list's own chunk. react-admin's filter menu reads the elements' props (source, label)
// without rendering them, and its form clones them with more props: every prop is passed through.
import { Suspense, lazy, type ComponentProps } from 'react';

const LazySelect = lazy(() => import('./list-filter-select.js').then((m) => ({ default: m.SelectInput })));
const LazyCounterparty = lazy(() => import('./CounterpartyInput.js').then((m) => ({ default: m.CounterpartyInput })));
const LazyDate = lazy(() => import('../inputs/DmyDateInput.js').then((m) => ({ default: m.DmyDateInput })));

// Its own Suspense, so the list stays on screen (not the page's loading fallback) while a filter loads.
export const ProjectFilterInput = (props: ComponentProps<typeof LazySelect>) => <Suspense fallback={null}><LazySelect {...props} /></Suspense>;
export const CounterpartyFilterInput = (props: ComponentProps<typeof LazyCounterparty>) => <Suspense fallback={null}><LazyCounterparty {...props} /></Suspense>;
export const DateFilterInput = (props: ComponentProps<typeof LazyDate>) => <Suspense fallback={null}><LazyDate {...props} /></Suspense>;
