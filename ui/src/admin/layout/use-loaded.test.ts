// @vitest-environment happy-dom
// A call's answer for a page: the data, or the failure with its code and status, never an empty stand-in; only
// the latest call's answer counts, and asking again after a failure brings the data.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { ApiError } from '../../shared/api/client.js';
import { loadFailureOf } from './load-failure.js';
import { useLoaded } from './use-loaded.js';

/** A call whose answer the test gives when it wants (to order answers). */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

afterEach(cleanup);

describe('useLoaded', () => {
  it('gives the answer once it comes, loading until then', async () => {
    const call = deferred<string[]>();
    const loader = () => call.promise;
    const { result } = renderHook(() => useLoaded(loader));
    expect(result.current).toMatchObject({ data: undefined, failure: null, loading: true });
    await act(async () => call.resolve(['Aminah', 'Kumar']));
    expect(result.current).toMatchObject({ data: ['Aminah', 'Kumar'], failure: null, loading: false });
  });

  it('gives a refusal as its code and status, with no data standing in for it', async () => {
    const loader = () => Promise.reject(new ApiError(403, 'noAccessRight', 'This needs the access right administration.users.view'));
    const { result } = renderHook(() => useLoaded(loader));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.failure).toEqual({ code: 'noAccessRight', status: 403 });
    expect(result.current.data).toBeUndefined();
  });

  it('asks again on reload: the data comes and the failure goes', async () => {
    const answers: (() => Promise<string[]>)[] = [
      () => Promise.reject(new ApiError(0, 'unknownError', 'The server could not be reached.')),
      () => Promise.resolve(['Tender approvers']),
    ];
    let calls = 0;
    const loader = () => answers[calls++]!();
    const { result } = renderHook(() => useLoaded(loader));
    await waitFor(() => expect(result.current.failure).toEqual({ code: 'unknownError', status: 0 }));
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.data).toEqual(['Tender approvers']));
    expect(result.current.failure).toBeNull();
    expect(calls).toBe(2);
  });

  it('keeps what it had when a reload fails, and says the reload failed', async () => {
    let fail = false;
    const loader = () => (fail ? Promise.reject(new ApiError(500, 'internal', '')) : Promise.resolve([1, 2]));
    const { result } = renderHook(() => useLoaded(loader));
    await waitFor(() => expect(result.current.data).toEqual([1, 2]));
    fail = true;
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.failure).toEqual({ code: 'internal', status: 500 }));
    expect(result.current.data).toEqual([1, 2]);
  });

  it('drops an earlier call that answers after a later one', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const pending = [first, second];
    let calls = 0;
    const loader = () => pending[calls++]!.promise;
    const { result } = renderHook(() => useLoaded(loader));
    act(() => result.current.reload());
    await act(async () => second.resolve('second'));
    await act(async () => first.reject(new ApiError(500, 'internal', '')));
    expect(result.current).toMatchObject({ data: 'second', failure: null, loading: false });
  });

  it("starts from nothing for another loader, and ignores the last one's late answer", async () => {
    const late = deferred<string>();
    const loaders = { a: () => late.promise, b: () => Promise.resolve('project B') };
    const { result, rerender } = renderHook(({ which }: { which: 'a' | 'b' }) => useLoaded(loaders[which]), {
      initialProps: { which: 'a' },
    });
    rerender({ which: 'b' });
    await waitFor(() => expect(result.current.data).toBe('project B'));
    await act(async () => late.resolve('project A'));
    expect(result.current.data).toBe('project B');
  });

  it('loads nothing without a loader', () => {
    const { result } = renderHook(() => useLoaded<string>(null));
    expect(result.current).toMatchObject({ data: undefined, failure: null, loading: false });
  });
});

describe('loadFailureOf', () => {
  it("reads the code from the shared client's error and from react-admin's (the data provider's) alike", () => {
    expect(loadFailureOf(new ApiError(403, 'noAccessRight', ''))).toEqual({ code: 'noAccessRight', status: 403 });
    expect(loadFailureOf(new HttpError('error.internal', 500, { errorCode: 'internal' }))).toEqual({ code: 'internal', status: 500 });
  });

  it('calls anything else an unknown error', () => {
    expect(loadFailureOf(new TypeError('Failed to fetch'))).toEqual({ code: 'unknownError', status: 0 });
    expect(loadFailureOf(new HttpError('Bad gateway', 502, null))).toEqual({ code: 'unknownError', status: 502 });
    expect(loadFailureOf('refused')).toEqual({ code: 'unknownError', status: 0 });
  });
});
