// The counterparty of a report's filter: a company picked by name or registration number from the company
// directory (as the document forms' counterparty input), outside a react-admin form: the filter bar keeps its
// own state until "Show" is pressed.
import { useState } from 'react';
import { useGetList, useGetOne, useTranslate } from 'react-admin';
import { Autocomplete, TextField } from '@mui/material';
import type { CompanyDirectoryItem } from '@binaan/contracts';
import { companyText } from '../documents/company-names.js';
import { COMPANY_DIRECTORY } from '../providers/data-provider.js';

type Props = { value: string | null; onChange: (id: string | null) => void };

export function CounterpartyPicker({ value, onChange }: Props) {
  const translate = useTranslate();
  const [typed, setTyped] = useState('');
  const q = typed.trim();
  const { data: found = [], isPending } = useGetList<CompanyDirectoryItem>(COMPANY_DIRECTORY, {
    filter: q ? { q } : {},
    pagination: { page: 1, perPage: 10 },
    sort: { field: 'name', order: 'ASC' },
  });
  // The chosen company named even when it is not among the ones found (a report opened from its link).
  const { data: chosen } = useGetOne<CompanyDirectoryItem>(COMPANY_DIRECTORY, { id: value ?? '' }, { enabled: value !== null });
  const selected = value === null ? null : (found.find((c) => c.id === value) ?? chosen ?? null);
  return (
    <Autocomplete
      options={found}
      value={selected}
      loading={isPending}
      filterOptions={(options) => options}
      getOptionLabel={companyText}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_event, company) => onChange(company?.id ?? null)}
      onInputChange={(_event, text, reason) => reason === 'input' && setTyped(text)}
      noOptionsText={translate('admin.documents.noCompanyFound')}
      sx={{ width: { xs: '100%', sm: 300 } }}
      renderInput={(params) => (
        <TextField {...params} size="small" label={translate('reports.filters.counterparty')} data-testid="report-counterparty" />
      )}
    />
  );
}
