// Checks a reply against the OpenAPI document the API serves: is the status declared for the route, and
// does the JSON body match the declared schema (ajv + ajv-formats)? The document is OpenAPI 3.0, whose
// `nullable: true` JSON Schema does not know: it is turned into a `null` type (or an anyOf with null
// beside a $ref) before ajv sees it. Unknown OpenAPI keywords (example, xml, ...) are ignored.
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Response = { content?: Record<string, { schema?: Json }> };
export type OpenApiOperation = {
  operationId?: string;
  security?: unknown[];
  requestBody?: unknown;
  parameters?: { name: string; in: string; required?: boolean; schema?: { enum?: string[] } }[];
  responses?: Record<string, Response>;
};
export type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, Json> };
};

const DOCUMENT_ID = 'binaan-openapi';

/** OpenAPI 3.0 schema to JSON Schema: nullable becomes a null type; $refs point into the registered document. */
export function toJsonSchema(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'nullable') continue;
    if (key === '$ref' && typeof value === 'string') out.$ref = value.startsWith('#/') ? `${DOCUMENT_ID}${value}` : value;
    else if (key === 'properties' && value && typeof value === 'object' && !Array.isArray(value))
      out.properties = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, toJsonSchema(sub)]));
    else out[key] = toJsonSchema(value);
  }
  if (schema.nullable !== true) return out;
  if (typeof out.type === 'string') {
    out.type = [out.type, 'null'];
    if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
    return out;
  }
  return { anyOf: [out, { type: 'null' }] };
}

// ajv-formats is CommonJS with its function as module.exports and as .default.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;

export class OpenApiValidator {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(readonly document: OpenApiDocument) {
    addFormats(this.ajv);
    this.ajv.addFormat('binary', true);
    this.ajv.addSchema({ $id: DOCUMENT_ID, components: { schemas: toJsonSchema(document.components.schemas) } });
  }

  operation(path: string, method: string): OpenApiOperation | undefined {
    return this.document.paths[path]?.[method];
  }

  /** What is wrong with this reply by the document (empty: nothing). */
  check(path: string, method: string, status: number, contentType: string | undefined, body: unknown): string[] {
    const operation = this.operation(path, method);
    if (!operation) return ['no such operation in the document'];
    const declared = operation.responses?.[String(status)] ?? operation.responses?.default;
    if (!declared) return [`status ${status} is not declared (declared: ${Object.keys(operation.responses ?? {}).join(', ')})`];
    const schema = declared.content?.['application/json']?.schema;
    if (schema === undefined || !contentType?.includes('json')) return [];
    const key = `${method} ${path} ${status}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(toJsonSchema(schema) as object);
      this.compiled.set(key, validate);
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).slice(0, 5).map((error) => `body${error.instancePath} ${error.message ?? 'is not valid'}`);
  }
}
