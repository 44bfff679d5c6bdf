import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'binaan:isPublic';

/** Marks a route (or a controller) as open to anyone. Every other route needs a signed-in user. */
export const Public = () => SetMetadata(IS_PUBLIC, true);
