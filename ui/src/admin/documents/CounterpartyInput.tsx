// The counterparty picked by name or registration number from the company directory (approved companies
// only, GET /api/company/directory); the form keeps the company id the api takes.
import { AutocompleteInput, ReferenceInput, useChoicesContext, useTranslate } from 'react-admin';
import { failureText, loadFailureOf } from '../layout/load-failure.js';
import { COMPANY_DIRECTORY } from '../providers/data-provider.js';
import { companyText } from './company-names.js';

const byText = (q: string) => (q.trim() ? { q: q.trim() } : {});

/** A failed directory call: react-admin puts its reason under the field; the empty list says it too, not "no company found". */
function DirectoryAutocomplete({ helperText }: { helperText?: string }) {
  const translate = useTranslate();
  const { error } = useChoicesContext();
  const noOptionsText = error
    ? failureText(translate, translate('admin.loadFailed.what.companies'), loadFailureOf(error))
    : 'admin.documents.noCompanyFound';
  // 400 px for a company's name and number, but on a phone no wider than the screen (it fills the line there).
  return (
    <AutocompleteInput
      label="admin.fields.counterparty"
      optionText={companyText}
      helperText={helperText ?? false}
      filterToQuery={byText}
      sx={{ minWidth: { sm: 400 } }}
      noOptionsText={noOptionsText}
    />
  );
}

export function CounterpartyInput({ source, helperText, alwaysOn }: { source: string; helperText?: string; alwaysOn?: boolean }) {
  return (
    <ReferenceInput
      source={source}
      reference={COMPANY_DIRECTORY}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={10}
      {...(alwaysOn ? { alwaysOn } : {})}
    >
      <DirectoryAutocomplete {...(helperText !== undefined ? { helperText } : {})} />
    </ReferenceInput>
  );
}
