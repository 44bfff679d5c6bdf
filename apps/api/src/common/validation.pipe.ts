import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
import { ErrorCodes } from '@binaan/contracts';

/** Request bodies: unknown fields dropped, shapes checked; a bad shape is 400 validationFailed naming the fields. */
export function validationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    exceptionFactory: (errors: ValidationError[]) => {
      const fields = Object.fromEntries(
        errors.map((error) => [error.property, Object.values(error.constraints ?? { invalid: 'is not valid' })]),
      );
      return new BadRequestException({
        errorCode: ErrorCodes.validationFailed,
        errorMessage: `Check these fields: ${Object.keys(fields).join(', ')}.`,
        fields,
      });
    },
  });
}
