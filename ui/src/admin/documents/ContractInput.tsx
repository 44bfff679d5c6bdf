// The contract a variation order varies (or an instruction directs): the company's own awarded letters of
// award, work, purchase and sub-purchase orders (accepted by the contractor), chosen by number and title.
// Instructions for a variation order's link: the company's own, not cancelled.
import { SelectInput, useGetList, useTranslate } from 'react-admin';
import { VariationContractKinds } from '@binaan/contracts';

type Row = { id: string; documentNo: string; title: string };
const PAGE = { page: 1, perPage: 100 };
const NEWEST = { field: 'createdAt', order: 'DESC' as const };

function useContracts(kind: string): Row[] {
  return useGetList<Row>(kind, { pagination: PAGE, sort: NEWEST, filter: { status: 'accepted', direction: 'sent' } }).data ?? [];
}

export function ContractInput({ source, helperText }: { source: string; helperText?: string }) {
  const translate = useTranslate();
  const [a, b, c, d] = VariationContractKinds;
  const rows = [...useContracts(a), ...useContracts(b), ...useContracts(c), ...useContracts(d)];
  return (
    <SelectInput
      source={source}
      label={translate('admin.variations.contract')}
      choices={rows.map((row) => ({ id: row.id, name: `${row.documentNo} ${row.title}` }))}
      helperText={helperText ?? 'admin.variations.contractHelp'}
      emptyText="admin.variations.noContract"
    />
  );
}

export function InstructionInput({ source }: { source: string }) {
  const translate = useTranslate();
  const rows =
    useGetList<Row & { status: string }>('instruction', { pagination: PAGE, sort: NEWEST, filter: { direction: 'sent' } }).data ?? [];
  return (
    <SelectInput
      source={source}
      label={translate('admin.fields.instructionId')}
      choices={rows.filter((row) => row.status !== 'cancelled').map((row) => ({ id: row.id, name: `${row.documentNo} ${row.title}` }))}
      emptyText="admin.variations.noInstruction"
    />
  );
}
