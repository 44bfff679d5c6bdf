import { describe, expect, it } from '@jest/globals';
import { BadRequestException, ForbiddenException, NotFoundException } from '@nestjs/common';
import { InvalidEventStoreInput, StoreUnavailable, WrongExpectedRevision } from '@binaan/event-store';
import { toErrorReply } from './error-reply.filter.js';

describe('error replies', () => {
  it('a stale revision is 409 wrongExpectedRevision', () => {
    expect(toErrorReply(new WrongExpectedRevision('po-1', 3, 4))).toMatchObject({
      status: 409,
      body: { success: false, errorCode: 'wrongExpectedRevision' },
    });
  });

  it('bad input to the store is 400 with its code', () => {
    expect(toErrorReply(new InvalidEventStoreInput('streamId', 'is empty'))).toMatchObject({
      status: 400,
      body: { errorCode: 'invalidEventStoreInput' },
    });
  });

  it('keeps an error code and fields given by a controller', () => {
    const error = new BadRequestException({
      errorCode: 'mobileNumberExists',
      errorMessage: 'This mobile number is registered.',
      fields: { mobile: ['exists'] },
    });
    expect(toErrorReply(error)).toEqual({
      status: 400,
      body: {
        success: false,
        errorCode: 'mobileNumberExists',
        errorMessage: 'This mobile number is registered.',
        fields: { mobile: ['exists'] },
      },
    });
  });

  it('gives plain HTTP errors a code from their status', () => {
    expect(toErrorReply(new NotFoundException()).body.errorCode).toBe('notFound');
    expect(toErrorReply(new ForbiddenException()).body.errorCode).toBe('forbidden');
  });

  it('a store that cannot be reached is 503 storeUnavailable with Retry-After, and says nothing of why', () => {
    const reply = toErrorReply(new StoreUnavailable('connect ECONNREFUSED 10.0.0.5:5432'));
    expect(reply.status).toBe(503);
    expect(reply.headers).toEqual({ 'Retry-After': '2' });
    expect(reply.body).toMatchObject({ success: false, errorCode: 'storeUnavailable' });
    expect(JSON.stringify(reply.body)).not.toContain('10.0.0.5');
  });

  it('an unexpected error is 500 "internal" and says nothing of its insides', () => {
    const reply = toErrorReply(new Error('connection to 10.0.0.5 refused, password=hunter2'));
    expect(reply).toEqual({
      status: 500,
      body: { success: false, errorCode: 'internal', errorMessage: 'Something went wrong on our side.' },
    });
  });
});
