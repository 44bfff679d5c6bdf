// The role editor's matrix: a row per permission area, a column per right, a checkbox where the area has that
// right, each named "<area>: <right>" for a screen reader. On a phone each area is a group of its own (its
// name, then its rights side by side), so nothing is wider than the screen and no sideways scrolling is needed.
import { useTranslate } from 'react-admin';
import {
  Box,
  Checkbox,
  FormControlLabel,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { MATRIX_AREAS, MATRIX_RIGHTS, rightName, toggleRight, type MatrixArea } from './rights-matrix.js';

type Props = { value: readonly string[]; onChange: (rights: string[]) => void; disabled?: boolean; label: string };

const ADMINISTRATION = 'administration.';
const isAdministration = (area: MatrixArea) => area.key.startsWith(ADMINISTRATION);

function useLabels() {
  const translate = useTranslate();
  const area = (a: MatrixArea) => translate(`people.areas.${a.labelKey}`, { _: a.key });
  const right = (r: string) => translate(`people.rights.${r}`, { _: r });
  const cell = (a: MatrixArea, r: string) => translate('people.roles.cell', { area: area(a), right: right(r).toLocaleLowerCase() });
  return { translate, area, right, cell };
}

function PhoneGroups({ value, onChange, disabled, label }: Props) {
  const { translate, area, right, cell } = useLabels();
  const ticked = new Set(value);
  const groups = [
    { heading: translate('people.areas.groupAdministration'), areas: MATRIX_AREAS.filter(isAdministration) },
    { heading: translate('people.areas.groupWork'), areas: MATRIX_AREAS.filter((a) => !isAdministration(a)) },
  ];
  return (
    <Box role="group" aria-label={label} data-testid="rights-matrix" data-layout="groups">
      {groups.map((group) => (
        <Box key={group.heading} sx={{ mb: 2 }}>
          <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
            {group.heading}
          </Typography>
          {group.areas.map((a) => (
            <Box
              component="fieldset"
              key={a.key}
              data-area={a.key}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, m: 0, mb: 1, px: 1.5, pb: 0.5, minWidth: 0 }}
            >
              <Box component="legend" sx={{ px: 0.5, fontWeight: 600, fontSize: '0.9375rem' }}>
                {area(a)}
              </Box>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
                {a.rights.map((r) => (
                  <FormControlLabel
                    key={r}
                    label={right(r)}
                    disabled={disabled}
                    sx={{ mr: 1 }}
                    control={
                      <Checkbox
                        size="small"
                        checked={ticked.has(rightName(a.key, r))}
                        aria-label={cell(a, r)}
                        onChange={(e) => onChange(toggleRight(value, rightName(a.key, r), e.target.checked))}
                      />
                    }
                  />
                ))}
              </Box>
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}

function DesktopTable({ value, onChange, disabled, label }: Props) {
  const { translate, area, right, cell } = useLabels();
  const ticked = new Set(value);
  const row = (a: MatrixArea) => (
    <TableRow key={a.key} data-area={a.key} hover>
      <TableCell component="th" scope="row" sx={{ pl: isAdministration(a) ? 3 : 2 }}>
        {area(a)}
      </TableCell>
      {MATRIX_RIGHTS.map((r) => (
        <TableCell key={r} align="center" padding="checkbox">
          {a.rights.includes(r) && (
            <Checkbox
              size="small"
              checked={ticked.has(rightName(a.key, r))}
              disabled={disabled}
              aria-label={cell(a, r)}
              onChange={(e) => onChange(toggleRight(value, rightName(a.key, r), e.target.checked))}
            />
          )}
        </TableCell>
      ))}
    </TableRow>
  );
  const groupRow = (heading: string) => (
    <TableRow key={heading}>
      <TableCell component="th" scope="rowgroup" colSpan={MATRIX_RIGHTS.length + 1} sx={{ fontWeight: 700, bgcolor: 'action.hover' }}>
        {heading}
      </TableCell>
    </TableRow>
  );
  return (
    // The matrix scrolls inside its own focusable region (sideways in a narrow window, never the page), at most
    // 60 % of the window high so that the rights' names stay in view above the rows (stickyHeader).
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={label}
      sx={{ width: 0, minWidth: '100%', maxHeight: '60vh', position: 'relative', border: 1, borderColor: 'divider', borderRadius: 1 }}
      data-testid="rights-matrix"
      data-layout="table"
    >
      <Table size="small" stickyHeader aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('people.roles.area')}</TableCell>
            {MATRIX_RIGHTS.map((r) => (
              <TableCell key={r} align="center" sx={{ whiteSpace: 'nowrap' }}>
                {right(r)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        {/* A body per group, led by its heading (a row group's header). */}
        <TableBody>
          {groupRow(translate('people.areas.groupAdministration'))}
          {MATRIX_AREAS.filter(isAdministration).map(row)}
        </TableBody>
        <TableBody>
          {groupRow(translate('people.areas.groupWork'))}
          {MATRIX_AREAS.filter((a) => !isAdministration(a)).map(row)}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function RightsMatrix(props: Props) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return phone ? <PhoneGroups {...props} /> : <DesktopTable {...props} />;
}
