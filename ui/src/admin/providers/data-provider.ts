// The react-admin data provider of the documents: /api/documents/<resource> speaks ra-data-simple-rest
// (sort, range, filter as JSON; Content-Range), so reads and creates go through ra-data-simple-rest with
// our client; edits add If-Match from the record's revision (a stale one is 409). Server field errors
// (`fields`, e.g. `items[0].quantity`) are handed to the form as `{ errors }`, so each shows on its field.
import simpleRestProvider from 'ra-data-simple-rest';
import { HttpError, type DataProvider } from 'react-admin';
import { ApiError } from '../../shared/api/client.js';
import { adminRequest } from './admin-request.js';
import { forgetProjects } from '../documents/use-projects.js';

type Options = { method?: string; body?: string; headers?: Headers };

/** `items[0].quantity` -> `items.0.quantity` (react-admin's source paths). */
export function fieldPath(serverField: string): string {
  return serverField.replace(/\[(\d+)\]/g, '.$1');
}

/** An ApiError as react-admin wants it: message is a translation key, body.errors per field. */
export function toHttpError(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.fields)) {
    const first = messages[0] ?? error.errorCode;
    errors[fieldPath(field)] = /^[a-z][A-Za-z0-9]+$/.test(first) ? `error.${first}` : first;
  }
  return new HttpError(`error.${error.errorCode}`, error.status, { errorCode: error.errorCode, errorMessage: error.errorMessage, errors });
}

async function httpClient(url: string, options: Options = {}) {
  const headers: Record<string, string> = {};
  options.headers?.forEach((value, name) => {
    if (name.toLowerCase() !== 'content-type') headers[name] = value;
  });
  try {
    const reply = await adminRequest<unknown>(url, {
      method: (options.method as 'GET' | 'POST' | 'PUT' | undefined) ?? 'GET',
      ...(options.body !== undefined ? { body: JSON.parse(options.body) as unknown } : {}),
      headers,
    });
    return { status: reply.status, headers: reply.headers, body: JSON.stringify(reply.json), json: reply.json };
  } catch (error) {
    throw toHttpError(error);
  }
}

const BASE = '/api/documents';

/** The company directory (GET /api/company/directory, same list form) as a resource for reference inputs. */
export const COMPANY_DIRECTORY = 'companyDirectory';
/** Projects (GET/POST /api/projects, PUT /api/projects/<id>): the same list form, outside /api/documents. */
export const PROJECTS = 'projects';

export function documentsDataProvider(): DataProvider {
  const rest = simpleRestProvider(BASE, httpClient as never);
  const companies = simpleRestProvider('/api/company', httpClient as never);
  const api = simpleRestProvider('/api', httpClient as never);
  const other = (resource: string) => (resource === PROJECTS ? api : rest);
  return {
    ...rest,
    getList: (resource, params) =>
      resource === COMPANY_DIRECTORY ? companies.getList('directory', params) : other(resource).getList(resource, params),
    getOne: (resource, params) =>
      resource === COMPANY_DIRECTORY ? companies.getOne('directory', params) : other(resource).getOne(resource, params),
    async create(resource, params) {
      const created = await other(resource).create(resource, params);
      // A new project is one to choose from at once (the selector, forms and filters).
      if (resource === PROJECTS) forgetProjects();
      return created;
    },
    // Lists answer the list rows; a record without `id` never happens, so nothing to adapt.
    async update(resource, params) {
      const revision = (params.previousData as { revision?: number } | undefined)?.revision;
      const reply = await httpClient(`${resource === PROJECTS ? '/api' : BASE}/${resource}/${encodeURIComponent(String(params.id))}`, {
        method: 'PUT',
        body: JSON.stringify(params.data),
        headers: new Headers({ 'If-Match': `"${revision ?? 0}"` }),
      });
      if (resource === PROJECTS) forgetProjects();
      return { data: reply.json as never };
    },
    async getMany(resource, params) {
      if (resource === COMPANY_DIRECTORY) return companies.getMany('directory', params);
      const data = await Promise.all(params.ids.map(async (id) => (await rest.getOne(resource, { id })).data));
      return { data };
    },
    async delete() {
      throw new HttpError('error.notDeletable', 405);
    },
    async deleteMany() {
      throw new HttpError('error.notDeletable', 405);
    },
  };
}
