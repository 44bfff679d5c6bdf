// The printed report is the page itself through the browser's print (window.print()): what the reader sees,
// filters and "as of" included, with no second request and no second page to keep in step. The print
// stylesheet leaves out the app bar, the menu, the filters and the buttons, lets the content take the whole
// width, draws tables whole (no scroll box) and keeps a chart or a table row from splitting across pages.
import { GlobalStyles } from '@mui/material';

export function ReportPrintStyles() {
  return (
    <GlobalStyles
      styles={{
        '@media print': {
          '.MuiAppBar-root, .RaSidebar-root, .RaSidebar-fixed, .MuiDrawer-root, .report-no-print, .MuiSnackbar-root': {
            display: 'none !important',
          },
          '.RaLayout-appFrame': { marginTop: '0 !important' },
          '.RaLayout-content': { padding: '0 !important', marginLeft: '0 !important' },
          'body, .RaLayout-root': { background: '#fff' },
          'h2, figure': { breakAfter: 'avoid' },
        },
      }}
    />
  );
}
