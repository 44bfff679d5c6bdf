// A region that scrolls sideways on a phone (a wide table, the machine's diagram): focusable and named, so
// a keyboard user can scroll it too (axe: scrollable-region-focusable, WCAG 2.1.1).
import type { ReactNode } from 'react';
import { Box } from '@mui/material';

export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} sx={{ overflowX: 'auto', my: 1 }}>
      {children}
    </Box>
  );
}
