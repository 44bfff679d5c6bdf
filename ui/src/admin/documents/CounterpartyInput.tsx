// The counterparty picked by name or registration number from the company directory (approved companies
// only, GET /api/company/directory); the form keeps the company id the api takes.
import { AutocompleteInput, ReferenceInput } from 'react-admin';
import { COMPANY_DIRECTORY } from '../providers/data-provider.js';
import { companyText } from './company-names.js';

const byText = (q: string) => (q.trim() ? { q: q.trim() } : {});

export function CounterpartyInput({ source, helperText, alwaysOn }: { source: string; helperText?: string; alwaysOn?: boolean }) {
  return (
    <ReferenceInput source={source} reference={COMPANY_DIRECTORY} sort={{ field: 'name', order: 'ASC' }} perPage={10} {...(alwaysOn ? { alwaysOn } : {})}>
      <AutocompleteInput label="admin.fields.counterparty" optionText={companyText} helperText={helperText ?? false} filterToQuery={byText}
        sx={{ minWidth: 400 }} noOptionsText="admin.documents.noCompanyFound" />
    </ReferenceInput>
  );
}
