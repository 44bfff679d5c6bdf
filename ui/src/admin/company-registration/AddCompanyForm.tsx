// The form of /administration/add-company and what its one button does: register the company, submit it,
// choose it (a session for the new company) and go where that choice leads (its profile, where it waits for
// approval).
import { useRef } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { CompanyRegistrationInput } from '@binaan/contracts';
import { chooseCompany } from '../company/choose-company.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { registerCompany, registrationAction, refusalOutcome, updateRegistration } from './registration-api.js';
import { EMPTY_REGISTRATION } from './registration-form.js';
import { RegistrationForm, type ActionOutcome } from './RegistrationForm.js';

export function AddCompanyForm() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  // A registration made by an earlier try of this page (its submit or the company choice failed): the next
  // try corrects and submits that one rather than registering the company twice.
  const made = useRef<{ id: string; revision: number; submitted: boolean } | null>(null);

  const register = async (input: CompanyRegistrationInput): Promise<ActionOutcome> => {
    try {
      if (!made.current) {
        const reply = await registerCompany(input);
        made.current = { id: reply.id, revision: reply.revision, submitted: false };
      } else if (!made.current.submitted) {
        made.current.revision = (await updateRegistration(made.current.id, input, made.current.revision)).revision;
      }
    } catch (error) {
      return refusalOutcome(error);
    }
    const registration = made.current;
    if (!registration.submitted) {
      try {
        registration.revision = (await registrationAction(registration.id, 'Submit', {}, registration.revision)).revision;
        registration.submitted = true;
      } catch (error) {
        notify(`error.${errorCodeOf(error)}`, { type: 'error' });
      }
    }
    try {
      const landing = await chooseCompany(registration.id);
      notify(registration.submitted ? 'company.register.registered' : 'company.register.notSubmitted', { type: registration.submitted ? 'success' : 'warning', messageArgs: { name: input.name } });
      // Not submitted: its profile, where it can be submitted (the landing of a company in progress is the not-approved page).
      navigate(registration.submitted ? landing : '/administration/company');
      return undefined;
    } catch (error) {
      return { message: `error.${errorCodeOf(error)}` };
    }
  };

  return (
    <RegistrationForm
      initial={EMPTY_REGISTRATION} testId="registration-form"
      actions={[{ label: translate('company.register.submit'), testId: 'register-submit', primary: true, run: register }]}
    />
  );
}
