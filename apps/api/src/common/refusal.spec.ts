// The one refusal: what the caller reads from it, whichever context threw it.
import { describe, expect, it } from '@jest/globals';
import { toErrorReply } from './error-reply.filter.js';
import { invalidFields, refusal, Refused } from './refusal.js';

describe('refusal', () => {
  it('given a refusal with extra reply fields, then the reply carries its status, code, message and extras', () => {
    const reply = toErrorReply(refusal(409, 'tenderInvitationLimit', 'The year allows 100 invitations.', { limit: 100, remaining: 0 }));
    expect(reply).toEqual({
      status: 409,
      body: {
        limit: 100,
        remaining: 0,
        success: false,
        errorCode: 'tenderInvitationLimit',
        errorMessage: 'The year allows 100 invitations.',
      },
    });
  });

  it('keeps its own message and code for the code that catches it', () => {
    const refused = refusal(404, 'bqNotFound', 'No bill of quantity of your company in that project.');
    expect(refused).toBeInstanceOf(Refused);
    expect([refused.name, refused.message, refused.code, refused.getStatus(), refused.fields]).toEqual([
      'Refused',
      'No bill of quantity of your company in that project.',
      'bqNotFound',
      404,
      undefined,
    ]);
  });

  it('given fields with problems, then 400 validationFailed naming each field', () => {
    const refused = invalidFields({ title: ['required'], amount: ['must be an amount'] });
    expect(refused.fields).toEqual({ title: ['required'], amount: ['must be an amount'] });
    expect(toErrorReply(refused)).toEqual({
      status: 400,
      body: {
        fields: { title: ['required'], amount: ['must be an amount'] },
        success: false,
        errorCode: 'validationFailed',
        errorMessage: 'Check these fields: title, amount.',
      },
    });
  });
});
