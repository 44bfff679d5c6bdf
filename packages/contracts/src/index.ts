// What the api and the ui share: enumerations and status names from the spec, API shapes, error codes,
// validation rules and access-right names. Each truth lives here once.
export * from './error-codes.js';
export * from './health.js';
export * from './text.js';
export * from './validation-rules.js';
export * from './enumerations.js';
export * from './access-rights.js';
export * from './identity-api.js';
export * from './workflow-authority.js';
export * from './workflow-events.js';
export * from './workflow-history.js';
export * from './workflow-refusals.js';
export * from './workflow-resources.js';
export * from './documents-resources.js';
export * from './documents-events.js';
export * from './documents-api.js';
export * from './authority-api.js';
export * from './company-directory-api.js';
export * from './projects-api.js';
export * from './certificates-api.js';
export * from './certificates-qr.js';
export * from './notifications-api.js';
export * from './notifications-links.js';
export * from './bills-of-quantity.js';
export * from './bills-of-quantity-import.js';
export * from './project-plans.js';
export * from './personal-data-api.js';
