// A line item's description that offers the company's catalogue as the user types (GET /api/catalogue-items
// with the text), and on a machine request the company's own machinery first (GET /api/company/machinery):
// free text still works (freeSolo). Choosing an item fills the line's unit and rate from it; choosing a machine
// writes "type: brand model, capacity" and, when the line has no unit yet, the unit "day" (plant is asked for
// by the day). A caller who may not read one of them, or a failed search, gets no suggestions from it and
// types as before.
import { useEffect, useId, useState } from 'react';
import { required, useInput, useTranslate, useWrappedSource } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { hasAnyAccessRight, MACHINERY_READ_RIGHTS, type CatalogueItemRow, type ProfileEntry } from '@binaan/contracts';
import { useAccess } from '../access/access-context.js';
import { catalogueSuggestions } from '../catalogue-items/catalogue-items-api.js';
import { machinerySuggestions } from '../company-profile/profile-api.js';
import { formatMoney } from '../format.js';
import { machineLine, type Suggestion } from './line-suggestions.js';

const REQUIRED = [required()];

/** `machinery`: offer the company's machinery too (a machine request's lines). */
export function LineDescriptionInput({ sx, machinery = false }: { sx?: object; machinery?: boolean }) {
  const translate = useTranslate();
  const groupId = useId();
  const { field, fieldState, isRequired } = useInput({ source: 'description', validate: REQUIRED });
  const unitSource = useWrappedSource('unit');
  const rateSource = useWrappedSource('rate');
  const { setValue, getValues } = useFormContext();
  const { rights } = useAccess();
  const offersMachinery = machinery && hasAnyAccessRight(rights, ...MACHINERY_READ_RIGHTS);
  const text = typeof field.value === 'string' ? field.value : '';
  const [options, setOptions] = useState<Suggestion[]>([]);

  useEffect(() => {
    if (text.trim().length < 2) {
      setOptions([]);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      const machines = offersMachinery ? machinerySuggestions(text).catch((): ProfileEntry<'machinery'>[] => []) : Promise.resolve([]);
      const items = catalogueSuggestions(text).catch((): CatalogueItemRow[] => []);
      void Promise.all([machines, items]).then(([m, c]) => {
        if (live)
          setOptions([
            ...m.map((machine): Suggestion => ({ source: 'machine', machine })),
            ...c.map((item): Suggestion => ({ source: 'catalogue', item })),
          ]);
      });
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, offersMachinery]);

  const set = (source: string, value: string) => setValue(source, value, { shouldDirty: true, shouldValidate: true });
  const choose = (option: Suggestion) => {
    if (option.source === 'machine') {
      field.onChange(machineLine(option.machine));
      // A unit typed already ("hour", "month") is kept: the machine says nothing of how long it is wanted.
      if (!String(getValues(unitSource) ?? '').trim()) set(unitSource, translate('admin.machineryPicker.unit'));
      return;
    }
    const { item } = option;
    field.onChange(item.description ? `${item.name}: ${item.description}`.slice(0, 500) : item.name);
    if (item.unit) set(unitSource, item.unit);
    if (item.unitPrice) set(rateSource, item.unitPrice);
  };
  const error = fieldState.error?.message;
  const hint = offersMachinery ? 'admin.machineryPicker.hint' : 'admin.catalogueItems.pickerHint';
  return (
    <Autocomplete<Suggestion, false, false, true>
      freeSolo
      options={options}
      filterOptions={(all) => all}
      inputValue={text}
      sx={sx}
      getOptionLabel={(option) =>
        typeof option === 'string' ? option : option.source === 'machine' ? machineLine(option.machine) : option.item.name
      }
      // Grouped only where machines come too: "Our machinery", then "Catalogue".
      {...(offersMachinery
        ? {
            groupBy: (option: Suggestion) =>
              translate(option.source === 'machine' ? 'admin.machineryPicker.machines' : 'admin.machineryPicker.catalogue'),
          }
        : {})}
      // A group of options as ARIA has it (the listbox's children are groups and options only), named by its heading.
      renderGroup={(params) => (
        <Box component="li" key={params.key} role="group" aria-labelledby={`${groupId}-${params.key}`} sx={{ listStyle: 'none' }}>
          <Typography
            id={`${groupId}-${params.key}`}
            variant="caption"
            component="div"
            sx={{ px: 2, pt: 1, fontWeight: 600, color: 'text.secondary' }}
          >
            {params.group}
          </Typography>
          <Box component="ul" role="none" sx={{ p: 0, m: 0 }}>
            {params.children}
          </Box>
        </Box>
      )}
      onInputChange={(_event, value, reason) => {
        if (reason !== 'reset') field.onChange(value);
      }}
      onChange={(_event, value) => {
        if (value && typeof value !== 'string') choose(value);
      }}
      renderOption={({ key, ...props }, option) =>
        option.source === 'machine' ? (
          <li key={key} {...props} data-testid="machinery-suggestion">
            <span>
              <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
                {option.machine.type}
              </Typography>
              <Typography component="span" variant="body2">{` ${option.machine.brand} ${option.machine.model}`}</Typography>
              {/* Its figures on a line of their own, so a capacity is never read as part of the model ("81 K.1 6 t"). */}
              <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                {' '}
                {[
                  option.machine.capacity,
                  option.machine.yearMade ? translate('admin.machineryPicker.made', { year: option.machine.yearMade }) : '',
                  translate('admin.machineryPicker.fleet', { n: option.machine.quantity }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            </span>
          </li>
        ) : (
          <li key={key} {...props} data-testid="catalogue-suggestion">
            <span>
              <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
                {option.item.name}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                {[option.item.code, option.item.unit, option.item.unitPrice ? formatMoney(option.item.unitPrice) : '']
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            </span>
          </li>
        )
      }
      // inputRef: the form's field ref on the input, so a refused Save can focus the first field in error
      // (react-hook-form focuses through each field's ref, in order).
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          onBlur={field.onBlur}
          label={translate('admin.fields.description')}
          // The asterisk on the label only, as react-admin's inputs do: a `required` input attribute makes the browser
          // stop the Save with its own bubble before the form's checks can mark every field in error.
          slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps.inputLabel, required: isRequired } }}
          error={Boolean(error)}
          helperText={error ? translate(error, { _: error }) : translate(hint)}
        />
      )}
    />
  );
}
