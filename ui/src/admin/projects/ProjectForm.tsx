// Create and edit a project (spec §3 "Project" and the labels' "project: name, code, latitude, longitude";
// region and category as in "Project configuration"). The server enforces every rule and answers each with
// its own code on its field (apps/api/src/projects/project-fields.ts); the data provider hands those to the
// form, so each shows under its input in the user's language. The form checks only what saves a round trip.
import { useEffect, useState } from 'react';
import { Create, Edit, NumberInput, SelectInput, SimpleForm, TextInput, required, useRecordContext, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { Box } from '@mui/material';
import { MalaysianStates, type ProjectDetail, type SetupItemRow, type SetupKind } from '@binaan/contracts';
import { listSetupItems } from '../setups/setups-api.js';
import { isProjectKind, kindOfType, PROJECT_KINDS } from './project-kinds.js';

type FormValues = Record<string, unknown>;

const REGION_CHOICES = Object.entries(MalaysianStates).map(([key, id]) => ({ id, name: `admin.projects.regions.${key}` }));

/** The form's values as the api's body: every field (the edit replaces them all); empty texts and numbers cleared. */
export function toProjectBody(values: FormValues): FormValues {
  const text = (key: string) => (typeof values[key] === 'string' ? values[key] : '');
  const number = (key: string) => (typeof values[key] === 'number' && Number.isFinite(values[key]) ? values[key] : null);
  return {
    project_name: text('project_name'),
    project_code: text('project_code'),
    project_type: values.project_type,
    project_short_desc: text('project_short_desc'),
    location: text('location'),
    project_category_name: text('project_category_name') || null,
    region: number('region'),
    project_category_id: text('project_category_id') || null,
    project_region_id: text('project_region_id') || null,
    latitude: number('latitude'),
    longitude: number('longitude'),
    site_contact_person: text('site_contact_person'),
    site_contact_person_number: text('site_contact_person_number'),
  };
}

/** A project as the form shows it (the page's record is in the list's names). */
export function toFormValues(p: ProjectDetail): FormValues {
  return {
    id: p.id,
    revision: p.revision,
    project_name: p.name,
    project_code: p.code,
    project_type: p.projectType,
    project_short_desc: p.shortTitle,
    location: p.location,
    project_category_name: p.category ?? '',
    region: p.region,
    project_category_id: p.categoryId ?? '',
    project_region_id: p.companyRegionId ?? '',
    latitude: p.latitude,
    longitude: p.longitude,
    site_contact_person: p.siteContactPerson,
    site_contact_person_number: p.siteContactNumber,
    companyRegion: p.companyRegion,
  };
}

/** The company's active categories or regions (company setups), and the one the project holds even when deactivated since. */
function useSetupChoices(kind: SetupKind, held: { id: string | null; name: string | null }) {
  const [items, setItems] = useState<SetupItemRow[]>([]);
  useEffect(() => {
    listSetupItems(kind, 'active', '', 0, 50).then(
      (page) => setItems(page.rows),
      () => setItems([]),
    );
  }, [kind]);
  const choices = items.map((item) => ({ id: item.id, name: item.name }));
  if (held.id && !choices.some((choice) => choice.id === held.id)) choices.push({ id: held.id, name: held.name ?? held.id });
  return choices;
}

function ProjectFields() {
  const record = useRecordContext<Record<string, unknown>>();
  const typedCategory =
    record && !record.project_category_id && typeof record.project_category_name === 'string' ? record.project_category_name : '';
  const categories = useSetupChoices('projectCategory', {
    id: (record?.project_category_id as string) || null,
    name: (record?.project_category_name as string) || null,
  });
  const regions = useSetupChoices('projectRegion', {
    id: (record?.project_region_id as string) || null,
    name: (record?.companyRegion as string) || null,
  });
  const translate = useTranslate();
  const types = [
    { id: PROJECT_KINDS.developer, name: 'admin.projects.kinds.developer' },
    { id: PROJECT_KINDS.demand, name: 'admin.projects.kinds.demand' },
    { id: PROJECT_KINDS.supply, name: 'admin.projects.kinds.supply' },
  ];
  const half = { flex: '1 1 240px', minWidth: 0 };
  return (
    <Box sx={{ width: '100%', maxWidth: 900 }}>
      <TextInput source="project_name" label="admin.projects.fields.name" validate={required()} fullWidth />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextInput
          source="project_code"
          label="admin.projects.fields.code"
          validate={required()}
          helperText="admin.projects.help.code"
          sx={half}
        />
        <SelectInput source="project_type" label="admin.projects.fields.type" choices={types} validate={required()} sx={half} />
      </Box>
      <TextInput source="project_short_desc" label="admin.projects.fields.shortTitle" validate={required()} fullWidth />
      <TextInput source="location" label="admin.projects.fields.location" validate={required()} fullWidth />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        {/* Picked from the company's setups; a category typed before they were kept stays until one is picked. */}
        <SelectInput
          source="project_category_id"
          label="setups.projectForm.category"
          choices={categories}
          translateChoice={false}
          emptyText={translate('setups.projectForm.none')}
          helperText={
            typedCategory ? translate('setups.projectForm.typedBefore', { name: typedCategory }) : 'setups.projectForm.categoryHelp'
          }
          sx={half}
        />
        <SelectInput
          source="project_region_id"
          label="setups.projectForm.region"
          choices={regions}
          translateChoice={false}
          emptyText={translate('setups.projectForm.none')}
          helperText="setups.projectForm.regionHelp"
          sx={half}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <SelectInput
          source="region"
          label="setups.projectForm.state"
          choices={REGION_CHOICES}
          emptyText={translate('admin.projects.noRegion')}
          sx={half}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <NumberInput source="latitude" label="admin.projects.fields.latitude" helperText="admin.projects.help.latitude" sx={half} />
        <NumberInput source="longitude" label="admin.projects.fields.longitude" helperText="admin.projects.help.longitude" sx={half} />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextInput source="site_contact_person" label="admin.projects.fields.siteContactPerson" sx={half} />
        <TextInput
          source="site_contact_person_number"
          label="admin.projects.fields.siteContactNumber"
          helperText="admin.projects.help.phone"
          sx={half}
        />
      </Box>
    </Box>
  );
}

export function ProjectCreate() {
  const { kind } = useParams();
  const translate = useTranslate();
  const type = isProjectKind(kind) ? PROJECT_KINDS[kind] : PROJECT_KINDS.developer;
  return (
    <Create
      resource="projects"
      title={translate('admin.projects.create')}
      transform={toProjectBody}
      redirect={(_r?: string, id?: unknown) => `projects/${String(id)}`}
    >
      <SimpleForm defaultValues={{ project_type: type }}>
        <ProjectFields />
      </SimpleForm>
    </Create>
  );
}

function EditForm() {
  const record = useRecordContext<ProjectDetail>();
  if (!record) return null;
  return (
    <SimpleForm record={toFormValues(record)}>
      <ProjectFields />
    </SimpleForm>
  );
}

export function ProjectEdit() {
  const { id } = useParams();
  const translate = useTranslate();
  return (
    <Edit
      resource="projects"
      id={id}
      title={translate('admin.projects.edit')}
      mutationMode="pessimistic"
      transform={toProjectBody}
      redirect={() => `projects/${id ?? ''}`}
    >
      <EditForm />
    </Edit>
  );
}

export const projectKindLabel = (type: number) => `admin.projects.kinds.${kindOfType(type)}`;
