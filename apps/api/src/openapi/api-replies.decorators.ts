// OpenAPI-only decorators for the refusals a route answers that no guard metadata tells (document
// refusals.ts adds the systematic ones: 401, 403, 404, 400/413/415, 429, 503). Description only: none of
// them changes what a route does.
import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiHeader, ApiResponse } from '@nestjs/swagger';

/** Metadata read by refusals.ts: the route counts calls per address (429 tooManyRequests with Retry-After). */
export const API_RATE_LIMITED = 'binaan:apiRateLimited';
/** Metadata read by refusals.ts: the route never reads the event store, so it cannot answer 503 storeUnavailable. */
export const API_STORE_FREE = 'binaan:apiStoreFree';

const errorReply = { $ref: '#/components/schemas/ErrorReply' };

/** A refusal this route answers, with the error reply's schema; `description` names the error codes. */
export const ApiRefusal = (status: number, description: string) => ApiResponse({ status, description, schema: errorReply });

/** The route is rate-limited per caller address. */
export const ApiRateLimited = () => SetMetadata(API_RATE_LIMITED, true);

/** The route answers without the event store (a file, the configuration, the clock). */
export const ApiStoreFree = () => SetMetadata(API_STORE_FREE, true);

/** The route sends an ETag and answers a matching If-None-Match with 304 and no body. */
export const ApiConditionalGet = () =>
  applyDecorators(
    ApiHeader({
      name: 'If-None-Match',
      required: false,
      description: 'The ETag last read: 304 Not Modified when it still holds',
      schema: { type: 'string' },
    }),
    ApiResponse({ status: 304, description: 'Not Modified: the If-None-Match still holds (no body)' }),
  );
