// The signed-in area's look: react-admin's default theme in Binaan's colours, made to pass WCAG 2.2 AA
// everywhere it is drawn (checked by test/browser/admin/accessibility.spec.ts), so pages built
// from react-admin and MUI parts are accessible without anything of their own.
import { defaultTheme, type RaThemeOptions } from 'react-admin';
import type { CheckboxOwnerState } from '@mui/material';

/** Labelled by aria-label (react-admin's row selection does this): the label belongs on the input, not on its wrapper. */
type LabelledCheckbox = CheckboxOwnerState & { 'aria-label'?: string };

export const adminTheme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    primary: { main: '#1f5f8b' },
    secondary: { main: '#c77d1a', contrastText: '#000000' },
    // MUI's info (#0288d1) and warning (#ed6c02) carry white text at 3.9:1 and 3.1:1; these reach 7.4:1 and 5:1
    // (the status chips of states in progress and awaiting a decision).
    info: { main: '#01579b' },
    warning: { main: '#b45309', contrastText: '#ffffff' },
    // The edit form's Cancel (an outlined error button) measured under 4.5:1 with MUI's #d32f2f; #b71c1c is 6.6:1 on white.
    error: { main: '#b71c1c' },
  },
  sidebar: { width: 250, closedWidth: 55 },
  components: {
    ...defaultTheme.components,
    MuiCheckbox: {
      defaultProps: {
        slotProps: {
          root: (state: LabelledCheckbox) => (state['aria-label'] ? { 'aria-label': undefined } : {}),
          input: (state: LabelledCheckbox) => (state['aria-label'] ? { 'aria-label': state['aria-label'] } : {}),
        },
      },
    },
    // react-admin's skip link (the area's first Tab stop) draws white text on the page's near-white background.
    // Below 600 px react-admin draws every labelled button as an icon button; the skip link has no icon, so it
    // was an empty circle: its words are written from its name (aria-label, the same translated text).
    RaSkipNavigationButton: {
      styleOverrides: {
        root: {
          color: '#0b2c4d',
          backgroundColor: '#ffffff',
          '&:hover': { backgroundColor: '#ffffff' },
          '&.MuiIconButton-root': {
            borderRadius: 4,
            padding: '8px 12px',
            fontSize: '0.875rem',
            fontWeight: 500,
            '&::after': { content: 'attr(aria-label)' },
          },
        },
      },
    },
    // The empty list's words are drawn at half opacity (about 2.5:1): full strength in the secondary text colour (5.7:1).
    RaEmpty: { styleOverrides: { root: { '& .RaEmpty-message': { opacity: 1, color: 'rgba(0, 0, 0, 0.6)' } } } },
    // A sortable column heading is a button: at least 24 px high (WCAG 2.2 target size).
    MuiTableSortLabel: { styleOverrides: { root: { minHeight: 24 } } },
    // The content column is a flex item: without min-width 0 a long row of status tabs or list actions widens
    // the whole page past the screen (the tender list at 1280 px pushed its last column off-screen) instead
    // of letting the tabs scroll and the table scroll sideways in its own box.
    // (react-admin's layout itself is min-width: fit-content, which lets any wide child widen the page.)
    RaLayout: {
      styleOverrides: {
        root: { minWidth: 0, '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 } },
      },
    },
    // With nothing selected react-admin folds the bulk actions bar to 0 px under the table heading, but its
    // buttons (Unselect, Approve (0)) stayed Tab stops no one could see (WCAG 2.4.7, 2.4.11): folded, it is hidden.
    RaBulkActionsToolbar: { styleOverrides: { root: { '& .RaBulkActionsToolbar-collapsed': { visibility: 'hidden' } } } },
    RaList: { styleOverrides: { root: { '& .RaList-main': { minWidth: 0 } } } },
    RaDatagrid: { styleOverrides: { root: { '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } } } },
  },
};
