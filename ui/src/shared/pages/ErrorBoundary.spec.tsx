// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { initI18n } from '../i18n/i18n.js';
import { ErrorBoundary } from './ErrorBoundary.js';

function Broken(): never {
  throw new Error('table row without an id');
}

describe('the global error screen', () => {
  beforeAll(() => {
    initI18n('en');
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('replaces a page that fails to render, offers the sign-out link, and reports the failure to log-ui-error', async () => {
    const sent: { url: string; body: { error: string; error_info: string } }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      sent.push({
        url: typeof url === 'string' ? url : url instanceof URL ? url.href : url.url,
        body: JSON.parse(typeof init?.body === 'string' ? init.body : '') as { error: string; error_info: string },
      });
      return new Response('{"success":true}', { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign out' }).getAttribute('href')).toBe('/auth/sign-in?from=logout');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url).toBe('/api/log-ui-error');
    expect(sent[0]!.body.error).toBe('table row without an id');
    expect(sent[0]!.body.error_info).toContain('Broken');
  });

  it('renders the children when nothing fails', () => {
    render(
      <ErrorBoundary>
        <p>fine</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('fine')).toBeTruthy();
  });
});
