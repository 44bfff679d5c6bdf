// Create and edit forms of a document kind: the common fields, the kind's own fields (DocumentKindFieldNames
// in contracts), line items with a live total. The rules show on their fields (document-rules.ts) and the
// server's refusals land on the same fields. The counterparty is fixed at creation.
import {
  ArrayInput,
  BooleanInput,
  Create,
  Edit,
  FormDataConsumer,
  NumberInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  required,
  useTranslate,
} from 'react-admin';
import { Box, Typography } from '@mui/material';
import {
  DocumentKindFieldNames,
  DocumentKindsWithDeliveredQuantities,
  DocumentSstByDefault,
  isDocumentResource,
  isRequestResource,
  TenderTypes,
  VariationTypes,
  type DocumentResource,
  asText,
} from '@binaan/contracts';
import type { CatalogueEntry } from '../catalogue/catalogue.js';
import { humanise } from '../catalogue/labels.js';
import { CounterpartyInput } from './CounterpartyInput.js';
import { ContractInput, InstructionInput } from './ContractInput.js';
import { ClaimValuePreview } from './ClaimValuePreview.js';
import { LineDescriptionInput } from './LineDescriptionInput.js';
import { DocumentPageTitle } from './DocumentPageTitle.js';
import { formatMoney } from '../format.js';
import { DmyDateInput } from '../inputs/DmyDateInput.js';
import { previewTotals, validateDocument } from './document-rules.js';
import { useProjects } from './use-projects.js';
import { activeProject, useProjectSelection } from '../projects/project-selection.js';

const DATE_TIME = new Set(['openAt', 'closeAt']);
/** Kinds whose counterparty the api takes from the contract they name (its contractor, or its buyer for a claim). */
const ON_CONTRACT: readonly string[] = ['instruction', 'paymentCertificate', 'progressiveClaim', 'milestoneClaim'];
const DATE = new Set(['expectedDeliveryStart', 'expectedDeliveryEnd']);
/**
 * A line item's field in the inline row: its own width, wide enough for its label whole in each language
 * ("Kuantiti dihantar *"), never squeezed by the description; the row wraps instead. A phone stacks the
 * fields, each the screen's width.
 */
const lineField = (width: number) => ({ width: { xs: '100%', sm: width }, flexShrink: 0 });
/** The inline rows of line items wrap where the fields do not fit on one line. */
const WRAPPING_ROWS = { '& .RaSimpleFormIterator-form': { flexWrap: { sm: 'wrap' } } };

const HELP: Record<string, string> = {
  openAt: 'admin.rules.fiveMinutesAhead',
  closeAt: 'admin.rules.closeAfterOpen',
  minimumAmount: 'admin.rules.minNotAboveMax',
  claimPercentage: 'admin.rules.percentMax',
  retentionPercent: 'admin.rules.percentMax',
  retentionLimitPercent: 'admin.rules.percentMax',
  vendorDocumentNo: 'admin.rules.vendorNoUnique',
};

function KindFields({ resource }: { resource: DocumentResource }) {
  const translate = useTranslate();
  return (
    <>
      {DocumentKindFieldNames[resource].map((name) => {
        // A tender's source is the request it was made from: set by "Make a tender", not typed.
        if (resource === 'tender' && name === 'sourceDocumentId') return null;
        // A variation order varies (an instruction directs) one of the company's awarded contracts, chosen by number.
        if ((resource === 'variationOrder' || resource === 'instruction') && name === 'sourceDocumentId')
          return <ContractInput key={name} source={name} />;
        // A payment certificate may certify work under one of the company's awarded contracts: the api then
        // records the contract's sum as varied, so the sum is typed only for work outside Binaan's contracts.
        // A claim is made on a contract awarded to the company, chosen by number; a progressive claim then shows its share.
        if ((resource === 'progressiveClaim' || resource === 'milestoneClaim') && name === 'sourceDocumentId')
          return (
            <ContractInput
              key={name}
              source={name}
              direction="received"
              label="admin.variations.claimContract"
              helperText="admin.variations.claimContractHelp"
            />
          );
        if (resource === 'paymentCertificate' && name === 'sourceDocumentId')
          return <ContractInput key={name} source={name} helperText="admin.variations.certificateContractHelp" />;
        if (resource === 'paymentCertificate' && name === 'contractSum')
          return (
            <FormDataConsumer key={name}>
              {({ formData }) =>
                (formData as { sourceDocumentId?: string | null }).sourceDocumentId ? null : (
                  <TextInput source={name} label={translate('admin.fields.contractSum', { _: humanise(name) })} />
                )
              }
            </FormDataConsumer>
          );
        if (name === 'instructionId') return <InstructionInput key={name} source={name} />;
        if (name === 'variationType') {
          const choices = VariationTypes.map((type) => ({ id: type, name: translate(`admin.variations.types.${type}`) }));
          return (
            <SelectInput
              key={name}
              source={name}
              label={translate('admin.fields.variationType')}
              choices={choices}
              helperText="admin.variations.typeHelp"
              validate={required()}
            />
          );
        }
        if (name === 'tenderType') {
          const choices = TenderTypes.map((type) => ({ id: type, name: translate(`admin.tenderTypes.${type}`) }));
          return (
            <SelectInput
              key={name}
              source={name}
              label={translate('admin.fields.tenderType')}
              choices={choices}
              emptyText="admin.tenderTypes.none"
            />
          );
        }
        const label = translate(`admin.fields.${name}`, { _: humanise(name) });
        const help = HELP[name] ? translate(HELP[name]) : undefined;
        if (name === 'claimItems') {
          return (
            <ArrayInput key={name} source="claimItems" label={label}>
              <SimpleFormIterator inline>
                <TextInput source="description" label="admin.fields.description" validate={required()} />
                <TextInput source="percentage" label="admin.fields.percentage" helperText="admin.rules.percentMax" />
                <DmyDateInput source="expectedCompletionDate" label="admin.fields.expectedCompletionDate" />
                <TextInput source="claimAmount" label="admin.fields.claimAmount" />
              </SimpleFormIterator>
            </ArrayInput>
          );
        }
        if (DATE_TIME.has(name)) return <DmyDateInput key={name} source={name} label={label} helperText={help} withTime />;
        if (DATE.has(name)) return <DmyDateInput key={name} source={name} label={label} helperText={help} />;
        return <TextInput key={name} source={name} label={label} helperText={help} />;
      })}
      {resource === 'progressiveClaim' && <ClaimValuePreview />}
    </>
  );
}

function DocumentFormFields({ entry, creating }: { entry: CatalogueEntry; creating: boolean }) {
  const translate = useTranslate();
  const projects = useProjects();
  const resource = entry.resource as DocumentResource;
  const delivers = DocumentKindsWithDeliveredQuantities.includes(resource);
  return (
    <>
      <TextInput source="title" label="admin.fields.title" validate={required()} fullWidth />
      <TextInput source="description" label="admin.fields.description" multiline fullWidth />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' }}>
        <SelectInput
          source="projectId"
          label="admin.fields.project"
          choices={projects}
          optionText="name"
          emptyText="admin.documents.noProject"
        />
        {/* A variation order goes to its contract's contractor, and a document on a chosen contract to the other
            side of it: the api takes the counterparty from the contract. */}
        {creating && !isRequestResource(resource) && resource !== 'variationOrder' && (
          <FormDataConsumer>
            {({ formData }) =>
              ON_CONTRACT.includes(resource) && (formData as { sourceDocumentId?: string | null }).sourceDocumentId ? null : (
                <CounterpartyInput source="counterpartyCompanyId" helperText="admin.rules.counterparty" />
              )
            }
          </FormDataConsumer>
        )}
        <BooleanInput source="sstApplicable" label="admin.fields.sstApplicable" />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <DmyDateInput source="documentDate" label="admin.fields.documentDate" />
        <DmyDateInput source="startDate" label="admin.fields.startDate" />
        <DmyDateInput source="endDate" label="admin.fields.endDate" helperText="admin.rules.endAfterStart" />
      </Box>
      {isDocumentResource(resource) && <KindFields resource={resource} />}
      <ArrayInput source="items" label="admin.documents.lineItems">
        <SimpleFormIterator inline sx={WRAPPING_ROWS}>
          {/* A machine request offers the company's own machinery first (LineDescriptionInput). */}
          <LineDescriptionInput sx={{ flex: { sm: '1 1 220px' } }} machinery={resource === 'machineRequest'} />
          <TextInput source="unit" label="admin.fields.unit" validate={required()} sx={lineField(110)} />
          <TextInput
            source="quantity"
            label="admin.fields.quantity"
            validate={required()}
            helperText="admin.rules.quantityPositive"
            sx={lineField(150)}
          />
          <TextInput
            source="rate"
            label="admin.fields.rate"
            validate={required()}
            helperText="admin.rules.moneyFormat"
            sx={lineField(150)}
          />
          <BooleanInput
            source="includeZeroRate"
            label="admin.fields.includeZeroRate"
            helperText="admin.rules.zeroRate"
            sx={{ flexShrink: 0 }}
          />
          {delivers && (
            <TextInput
              source="deliveredQuantity"
              label="admin.fields.deliveredQuantity"
              helperText="admin.rules.remainingQuantity"
              sx={lineField(180)}
            />
          )}
          {delivers && <NumberInput source="orderLineNo" label="admin.fields.orderLineNo" sx={lineField(150)} />}
        </SimpleFormIterator>
      </ArrayInput>
      <FormDataConsumer>
        {({ formData }) => {
          const t = previewTotals(formData.items as Parameters<typeof previewTotals>[0], formData.sstApplicable !== false);
          return (
            <Typography data-testid="form-total" sx={{ mt: 1 }}>
              {translate('admin.fields.subtotal')}: {formatMoney(t.subtotal)} · {translate('admin.fields.sst')}: {formatMoney(t.sst)} ·{' '}
              <strong>
                {translate('admin.fields.total')}: {formatMoney(t.total)}
              </strong>
            </Typography>
          );
        }}
      </FormDataConsumer>
    </>
  );
}

/** What the api takes: empty strings as absent, so an untouched optional field is not sent as "". */
function toBody(data: Record<string, unknown>, creating = true): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (!creating && key === 'counterpartyCompanyId') continue;
    if (
      [
        'id',
        'resource',
        'documentNo',
        'companyId',
        'status',
        'revision',
        'machineVersion',
        'createdBy',
        'createdAt',
        'updatedAt',
        'availableActions',
        'approvalRoute',
        'editable',
        'fees',
        'warnings',
        'totals',
      ].includes(key)
    )
      continue;
    if (value === '' || value === undefined) continue;
    if (key === 'items' && Array.isArray(value)) {
      body.items = value.map((item: Record<string, unknown>) => ({
        description: item.description,
        unit: item.unit,
        quantity: asText(item.quantity),
        rate: asText(item.rate),
        ...(item.includeZeroRate ? { includeZeroRate: true } : {}),
        ...(item.deliveredQuantity ? { deliveredQuantity: asText(item.deliveredQuantity) } : {}),
        ...(item.orderLineNo ? { orderLineNo: Number(item.orderLineNo) } : {}),
        // A tender line made from a BQ row keeps its link on edit (the api takes only the tender's own links).
        ...(typeof item.bqItemId === 'string' ? { bqItemId: item.bqItemId } : {}),
      }));
      continue;
    }
    body[key] = value;
  }
  return body;
}

export function DocumentCreate({ entry }: { entry: CatalogueEntry }) {
  const sst = isDocumentResource(entry.resource) ? DocumentSstByDefault[entry.resource] : false;
  // Made inside the project the user works in (the app bar's selector), unless they pick another or none.
  const project = activeProject(useProjectSelection());
  return (
    <Create
      resource={entry.resource}
      title={<DocumentPageTitle resource={entry.resource} page="create" />}
      redirect="show"
      transform={(data: Record<string, unknown>) => toBody(data, true)}
    >
      <SimpleForm
        key={project?.id ?? 'none'}
        validate={validateDocument}
        defaultValues={{
          sstApplicable: sst,
          items: [{ description: '', unit: '', quantity: '', rate: '' }],
          ...(project ? { projectId: project.id } : {}),
        }}
      >
        <DocumentFormFields entry={entry} creating />
      </SimpleForm>
    </Create>
  );
}

export function DocumentEdit({ entry }: { entry: CatalogueEntry }) {
  return (
    <Edit
      resource={entry.resource}
      title={<DocumentPageTitle resource={entry.resource} page="edit" />}
      redirect="show"
      mutationMode="pessimistic"
      transform={(data: Record<string, unknown>) => toBody(data, false)}
    >
      <SimpleForm validate={validateDocument}>
        <DocumentFormFields entry={entry} creating={false} />
      </SimpleForm>
    </Edit>
  );
}
