// A line item's description that offers the company's catalogue as the user types (GET /api/catalogue-items
// with the text): free text still works (freeSolo), and choosing an item fills the line's unit and rate from
// it. A caller who may not read the catalogue, or a failed search, gets no suggestions and types as before.
import { useEffect, useState } from 'react';
import { required, useInput, useTranslate, useWrappedSource } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { Autocomplete, TextField, Typography } from '@mui/material';
import type { CatalogueItemRow } from '@binaan/contracts';
import { catalogueSuggestions } from '../catalogue-items/catalogue-items-api.js';
import { formatMoney } from '../format.js';

const REQUIRED = [required()];

export function LineDescriptionInput({ sx }: { sx?: object }) {
  const translate = useTranslate();
  const { field, fieldState, isRequired } = useInput({ source: 'description', validate: REQUIRED });
  const unitSource = useWrappedSource('unit');
  const rateSource = useWrappedSource('rate');
  const { setValue } = useFormContext();
  const text = typeof field.value === 'string' ? field.value : '';
  const [options, setOptions] = useState<CatalogueItemRow[]>([]);

  useEffect(() => {
    if (text.trim().length < 2) {
      setOptions([]);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      catalogueSuggestions(text).then((rows) => live && setOptions(rows), () => live && setOptions([]));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text]);

  const choose = (item: CatalogueItemRow) => {
    field.onChange(item.description ? `${item.name}: ${item.description}`.slice(0, 500) : item.name);
    if (item.unit) setValue(unitSource, item.unit, { shouldDirty: true, shouldValidate: true });
    if (item.unitPrice) setValue(rateSource, item.unitPrice, { shouldDirty: true, shouldValidate: true });
  };
  const error = fieldState.error?.message;
  return (
    <Autocomplete<CatalogueItemRow, false, false, true>
      freeSolo options={options} filterOptions={(all) => all} inputValue={text} sx={sx}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.name)}
      onInputChange={(_event, value, reason) => { if (reason !== 'reset') field.onChange(value); }}
      onChange={(_event, value) => { if (value && typeof value !== 'string') choose(value); }}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props} data-testid="catalogue-suggestion">
          <span>
            <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>{option.name}</Typography>
            <Typography component="span" variant="body2" color="text.secondary">
              {' '}{[option.code, option.unit, option.unitPrice ? formatMoney(option.unitPrice) : ''].filter(Boolean).join(' · ')}
            </Typography>
          </span>
        </li>
      )}
      // inputRef: the form's field ref on the input, so a refused Save can focus the first field in error
      // (react-hook-form focuses through each field's ref, in order).
      renderInput={(params) => (
        <TextField {...params} name={field.name} inputRef={field.ref} onBlur={field.onBlur} label={translate('admin.fields.description')}
          // The asterisk on the label only, as react-admin's inputs do: a `required` input attribute makes the browser
          // stop the Save with its own bubble before the form's checks can mark every field in error.
          slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps.inputLabel, required: isRequired } }}
          error={Boolean(error)} helperText={error ? translate(error, { _: error }) : translate('admin.catalogueItems.pickerHint')} />
      )}
    />
  );
}
