// The form of /administration/add-company and what its one button does: register the company, choose it (a
// session for the new company) and open its profile, where the company adds what its legal form needs
// (shareholders, directors: the rules checked at Submit, listed above its tabs) and submits it for review.
import { useRef } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { CompanyRegistrationInput } from '@binaan/contracts';
import { chooseCompany } from '../company/choose-company.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { registerCompany, refusalOutcome, updateRegistration } from './registration-api.js';
import { EMPTY_REGISTRATION } from './registration-form.js';
import { RegistrationForm, type ActionOutcome } from './RegistrationForm.js';

export function AddCompanyForm() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  // A registration made by an earlier try of this page (the company choice failed): the next try corrects
  // that one rather than registering the company twice.
  const made = useRef<{ id: string; revision: number } | null>(null);

  const register = async (input: CompanyRegistrationInput): Promise<ActionOutcome> => {
    try {
      if (!made.current) {
        const reply = await registerCompany(input);
        made.current = { id: reply.id, revision: reply.revision };
      } else {
        made.current.revision = (await updateRegistration(made.current.id, input, made.current.revision)).revision;
      }
    } catch (error) {
      return refusalOutcome(error);
    }
    const registration = made.current;
    try {
      await chooseCompany(registration.id);
      notify('company.register.registered', { type: 'success', messageArgs: { name: input.name } });
      navigate('/administration/company');
      return undefined;
    } catch (error) {
      return { message: `error.${errorCodeOf(error)}` };
    }
  };

  return (
    <RegistrationForm
      initial={EMPTY_REGISTRATION}
      testId="registration-form"
      actions={[{ label: translate('company.register.submit'), testId: 'register-submit', primary: true, run: register }]}
    />
  );
}
