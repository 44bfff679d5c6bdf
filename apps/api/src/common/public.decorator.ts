import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'binaan:isPublic';
export const ALLOW_RESTRICTED = 'binaan:allowRestricted';

/** Marks a route (or a controller) as open to anyone. Every other route needs a signed-in user. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** A route a user may reach before accepting the terms or changing a forced password. */
export const AllowRestricted = () => SetMetadata(ALLOW_RESTRICTED, true);
