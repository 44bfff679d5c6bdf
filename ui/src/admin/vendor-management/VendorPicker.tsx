// A vendor picked from the approved companies of the directory, by name or registration number; each option says
// what the company's own appraisals say of it.
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Autocomplete, Box, TextField } from '@mui/material';
import type { CompanyDirectoryItem } from '@binaan/contracts';
import { AppraisalSummaryNote } from './AppraisalSummaryNote.js';
import { searchVendors } from './vendor-appraisals-api.js';

export type PickedVendor = Pick<CompanyDirectoryItem, 'id' | 'name'> & Partial<CompanyDirectoryItem>;

export function VendorPicker({
  value,
  onChange,
  label,
  helperText,
  testId,
  required,
  error,
}: {
  value: PickedVendor | null;
  onChange: (vendor: PickedVendor | null) => void;
  label: string;
  helperText: string;
  testId: string;
  required?: boolean;
  error?: string | undefined;
}) {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const [options, setOptions] = useState<PickedVendor[]>([]);
  useEffect(() => {
    let current = true;
    // A short pause, so typing a name asks once, not once per letter.
    const timer = setTimeout(() => {
      searchVendors(text.trim()).then(
        (rows) => current && setOptions(rows),
        () => current && setOptions([]),
      );
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text]);
  return (
    <Autocomplete
      sx={{ flex: '1 1 260px', maxWidth: 520 }}
      options={options}
      value={value}
      filterOptions={(list) => list}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(c) => (c.registrationNo ? `${c.name} (${c.registrationNo})` : c.name)}
      onChange={(_e, picked) => onChange(picked)}
      onInputChange={(_e, typed, reason) => reason !== 'reset' && setText(typed)}
      noOptionsText={translate('admin.documents.noCompanyFound')}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ flexDirection: 'column', alignItems: 'flex-start !important' }}>
          <span>{option.registrationNo ? `${option.name} (${option.registrationNo})` : option.name}</span>
          <AppraisalSummaryNote summary={option.appraisal} component="span" />
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          required={required ?? false}
          label={label}
          error={Boolean(error)}
          helperText={error ?? helperText}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId } }}
        />
      )}
    />
  );
}
