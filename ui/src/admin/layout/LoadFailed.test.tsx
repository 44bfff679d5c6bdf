// @vitest-environment happy-dom
// A failed load says what could not be loaded, why in the user's language, and what to do: a "Try again" button,
// and for a missing right who can give it. A react-admin list's failure reads the code from the list's error.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AdminContext, HttpError, ListContextProvider, type I18nProvider, type ListControllerResult } from 'react-admin';
import { adminI18nProvider } from '../providers/i18n-provider.js';
import { failureText } from './load-failure.js';
import { ListLoadFailed, LoadFailed } from './LoadFailed.js';

let i18n: I18nProvider;
beforeAll(async () => {
  i18n = await adminI18nProvider();
});
afterEach(async () => {
  cleanup();
  await i18n.changeLocale('en');
});
const inAdmin = (ui: React.ReactNode) => render(<AdminContext i18nProvider={i18n}>{ui}</AdminContext>);

describe('LoadFailed', () => {
  it('names what failed and why, as an alert with a Try again button that asks again', () => {
    const retry = vi.fn();
    inAdmin(<LoadFailed what="Purchase orders" failure={{ code: 'internal', status: 500 }} onRetry={retry} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Purchase orders could not be loaded.');
    expect(alert.textContent).toContain('The server had a problem. Please try again later.');
    expect(alert.textContent).not.toContain('administrator');
    const button = screen.getByRole('button', { name: 'Try again' });
    // A real button in the tab order, described by the failure it belongs to.
    expect(button.tagName).toBe('BUTTON');
    expect(button.tabIndex).toBe(0);
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Purchase orders could not be loaded.',
    );
    fireEvent.click(button);
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('on a missing right, says the company administrator can give it', () => {
    inAdmin(<LoadFailed what="The company's members" failure={{ code: 'noAccessRight', status: 403 }} onRetry={() => undefined} />);
    const text = screen.getByRole('alert').textContent ?? '';
    expect(text).toContain('You do not have access to this module.');
    expect(text).toContain('Ask your company administrator');
  });

  it('reads a code without a text of its own as the general reason', () => {
    inAdmin(<LoadFailed what="The events" failure={{ code: 'someCodeNoOneTranslated', status: 500 }} onRetry={() => undefined} />);
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong. Please try again.');
  });

  it("speaks the user's language", async () => {
    await i18n.changeLocale('ms');
    inAdmin(<LoadFailed what="Ahli syarikat" failure={{ code: 'noAccessRight', status: 403 }} onRetry={() => undefined} />);
    expect(screen.getByRole('alert').textContent).toContain('Ahli syarikat tidak dapat dimuatkan.');
    expect(screen.getByRole('button', { name: 'Cuba lagi' })).toBeTruthy();
  });
});

describe('ListLoadFailed', () => {
  it("shows the data provider's refusal from the list and asks the list again", () => {
    const refetch = vi.fn();
    const list = {
      error: new HttpError('error.noAccessRight', 403, { errorCode: 'noAccessRight' }),
      refetch,
    } as unknown as ListControllerResult;
    inAdmin(
      <ListContextProvider value={list}>
        <ListLoadFailed what="Tenders" />
      </ListContextProvider>,
    );
    const text = screen.getByRole('alert').textContent ?? '';
    expect(text).toContain('Tenders could not be loaded.');
    expect(text).toContain('You do not have access to this module.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});

describe("failureText (a picker's empty list)", () => {
  it('puts what, why and who can give access on one line', () => {
    const translate = (key: string, options?: Record<string, unknown>) => i18n.translate(key, options);
    expect(failureText(translate, 'The companies', { code: 'noAccessRight', status: 403 })).toBe(
      'The companies could not be loaded. You do not have access to this module. Ask your company administrator to give your role this access.',
    );
    expect(failureText(translate, 'The companies', { code: 'unknownError', status: 0 })).toBe(
      'The companies could not be loaded. Something went wrong. Please try again.',
    );
  });
});
