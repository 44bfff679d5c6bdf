// A project's fields, as create and edit take them (spec §3 "Project", labels-only "project: name, code,
// latitude, longitude"; §2.5 "Project configuration (categories, regions)"). Each broken rule is named by
// its own code on its field (ProjectFieldErrorCodes), all at once in one 400 validationFailed, so the ui
// shows each under its input. The code's uniqueness in the company needs the read model: the service checks it.
import { invalidFields } from '../common/refusal.js';
import { MalaysianStates, ProjectFieldRules as R, type ProjectFieldErrorCode } from '@binaan/contracts';
import type { ProjectFields } from './project.events.js';

type Body = Record<string, unknown>;
const REGIONS = new Set<number>(Object.values(MalaysianStates));

export function parseProjectFields(raw: unknown): ProjectFields {
  const body: Body = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Body) : {};
  const problems: Record<string, ProjectFieldErrorCode[]> = {};
  const fail = (field: string, code: ProjectFieldErrorCode) => (problems[field] ??= []).push(code);
  /** A text field: null and absent read as empty; anything but a string is the field's "invalid" or "too long" code. */
  const text = (field: string, max: number | null, required: ProjectFieldErrorCode | null, tooLong: ProjectFieldErrorCode): string => {
    const value = body[field] ?? '';
    if (typeof value !== 'string') {
      fail(field, tooLong);
      return '';
    }
    const trimmed = value.trim();
    if (required !== null && trimmed === '') fail(field, required);
    else if (max !== null && trimmed.length > max) fail(field, tooLong);
    return trimmed;
  };
  const name = text('project_name', R.project_name.max, 'projectNameRequired', 'projectNameTooLong');
  const code = text('project_code', R.project_code.max, 'projectCodeRequired', 'projectCodeTooLong');
  if (code !== '' && code.length <= R.project_code.max && !R.project_code.pattern.test(code)) fail('project_code', 'projectCodeInvalid');
  const type = body.project_type;
  if (type !== 1 && type !== 2 && type !== 3) fail('project_type', 'projectTypeInvalid');
  const shortDesc = text('project_short_desc', R.project_short_desc.max, 'shortTitleRequired', 'shortTitleTooLong');
  const location = text('location', R.location.max, 'locationRequired', 'locationTooLong');
  const category = text('project_category_name', R.project_category_name.max, null, 'categoryTooLong');
  const person = text('site_contact_person', R.site_contact_person.max, null, 'siteContactPersonTooLong');
  // Spaces and dashes as people type them are dropped; what is left must carry the country code.
  const rawPhone = body.site_contact_person_number ?? '';
  const phone = typeof rawPhone === 'string' ? rawPhone.replace(/[\s-]/g, '') : '';
  if (typeof rawPhone !== 'string' || (phone !== '' && !R.site_contact_person_number.pattern.test(phone)))
    fail('site_contact_person_number', 'siteContactNumberInvalid');
  else if ((person === '') !== (phone === '') && !problems.site_contact_person)
    fail(person === '' ? 'site_contact_person' : 'site_contact_person_number', 'siteContactIncomplete');
  const setupId = (field: string): string | null => {
    const value = body[field] ?? null;
    if (value === null || value === '') return null;
    if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(value)) {
      fail(field, field === 'project_category_id' ? 'categoryNotFound' : 'companyRegionNotFound');
      return null;
    }
    return value;
  };
  const categoryId = setupId('project_category_id');
  const companyRegionId = setupId('project_region_id');
  const region = body.region ?? null;
  if (region !== null && (typeof region !== 'number' || !REGIONS.has(region))) fail('region', 'regionInvalid');
  const coordinate = (field: 'latitude' | 'longitude', bound: number): number | null => {
    const value = body[field] ?? null;
    if (value === null || value === '') return null;
    if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > bound) {
      fail(field, field === 'latitude' ? 'latitudeInvalid' : 'longitudeInvalid');
      return null;
    }
    return value;
  };
  const latitude = coordinate('latitude', 90);
  const longitude = coordinate('longitude', 180);
  if (!problems.latitude && !problems.longitude && (latitude === null) !== (longitude === null))
    fail(latitude === null ? 'latitude' : 'longitude', 'coordinatesIncomplete');
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  return {
    name,
    code,
    projectType: type as 1 | 2 | 3,
    location,
    shortDesc,
    siteContactPerson: person,
    siteContactPersonNumber: phone,
    categoryName: category === '' ? null : category,
    latitude,
    longitude,
    region: region as number | null,
    // The picked items' names are filled in by the service, from the company's setups.
    categoryId,
    companyRegionId,
    companyRegionName: null,
  };
}
