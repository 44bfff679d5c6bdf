import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'binaan:isPublic';
export const ALLOW_RESTRICTED = 'binaan:allowRestricted';
export const ALLOW_COMPANY_TERMS_PENDING = 'binaan:allowCompanyTermsPending';

/** Marks a route (or a controller) as open to anyone. Every other route needs a signed-in user. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** A route a user may reach before accepting the terms or changing a forced password. */
export const AllowRestricted = () => SetMetadata(ALLOW_RESTRICTED, true);

/**
 * A route a member may reach while the chosen company's terms wait for their acceptance: reading and accepting
 * them, and listing and choosing another company instead (company-setups/README.md).
 */
export const AllowCompanyTermsPending = () => SetMetadata(ALLOW_COMPANY_TERMS_PENDING, true);
