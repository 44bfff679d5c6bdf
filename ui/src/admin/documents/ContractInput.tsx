// The contract a variation order varies (or an instruction directs): the company's own awarded letters of
// award, work, purchase and sub-purchase orders (accepted by the contractor), chosen by number and title.
// Instructions for a variation order's link: the company's own, not cancelled. A claim is made on a contract
// awarded to the company (received), chosen the same way.
import { SelectInput, useGetList, useTranslate } from 'react-admin';
import { VariationContractKinds } from '@binaan/contracts';

type Row = { id: string; documentNo: string; title: string };
const PAGE = { page: 1, perPage: 100 };
const NEWEST = { field: 'createdAt', order: 'DESC' as const };
/** `sent`: the company's own contracts (it buys); `received`: contracts awarded to it (it is the contractor). */
export type ContractDirection = 'sent' | 'received';

function useContracts(kind: string, direction: ContractDirection): (Row & { kind: string })[] {
  const rows = useGetList<Row>(kind, { pagination: PAGE, sort: NEWEST, filter: { status: 'accepted', direction } }).data ?? [];
  return rows.map((row) => ({ ...row, kind }));
}

/** The awarded contracts of every contract kind, newest first within each kind, with the kind of each. */
export function useAwardedContracts(direction: ContractDirection): (Row & { kind: string })[] {
  const [a, b, c, d] = VariationContractKinds;
  return [...useContracts(a, direction), ...useContracts(b, direction), ...useContracts(c, direction), ...useContracts(d, direction)];
}

export function ContractInput({
  source,
  helperText,
  direction = 'sent',
  label = 'admin.variations.contract',
}: {
  source: string;
  helperText?: string;
  direction?: ContractDirection;
  label?: string;
}) {
  const translate = useTranslate();
  const rows = useAwardedContracts(direction);
  return (
    <SelectInput
      source={source}
      label={translate(label)}
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
