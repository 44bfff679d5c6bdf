// A profile's information and registration tabs read-only: a description list (on a phone each label above
// its value), as another company, the platform administrator, or a member without the right to change sees them.
import type { ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { Box, Typography } from '@mui/material';
import type { CompanyProfileView } from '@binaan/contracts';
import { formatDate } from '../format.js';
import { stateName } from '../company-registration/malaysian-states.js';

function Facts({ rows }: { rows: readonly [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, 240px) 1fr' },
        columnGap: 2,
        rowGap: { xs: 0, sm: 1 },
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value === '' || value === null || value === undefined ? '-' : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

const ringgit = (value: number | null) => (value === null ? '' : `RM ${value.toLocaleString(undefined, { minimumFractionDigits: 2 })}`);

export function ProfileFacts({ view, tab }: { view: CompanyProfileView; tab: 'information' | 'registration' }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const label = (name: string) => translate(`admin.companyProfile.fields.${name}`);
  if (tab === 'information') {
    const info = view.information;
    if (!info) return null;
    return (
      <Facts
        rows={[
          [label('description'), info.description],
          [label('paidUpCapital'), ringgit(info.paidUpCapital)],
          [label('authorisedCapital'), ringgit(info.authorisedCapital)],
          [label('dateIncorporated'), info.dateIncorporated ? formatDate(info.dateIncorporated) : ''],
        ]}
      />
    );
  }
  const r = view.registration;
  if (!r) return null;
  const address = [r.address.line1, r.address.line2, `${r.address.postcode} ${r.address.city}`, stateName(r.address.state, locale)]
    .filter(Boolean)
    .join(', ');
  return (
    <Facts
      rows={[
        [label('companyName'), r.name],
        [label('displayName'), r.displayName],
        [label('companyType'), translate(`admin.companyProfile.companyType.${r.companyType}`, { _: '' })],
        [label('registrationNo'), r.registrationNo],
        [label('registrationNoNew'), r.registrationNoNew],
        [label('sstNo'), r.sstNo],
        [label('registeredAddress'), address],
        [label('phone'), r.phone],
        [label('fax'), r.fax],
        [label('website'), r.website],
      ]}
    />
  );
}
