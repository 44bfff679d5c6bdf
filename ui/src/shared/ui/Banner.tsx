import type { ReactNode } from 'react';

/** The coloured message above a form: red for errors, green for success (sign-in from= banners). */
export function Banner({ kind, children, testId }: { kind: 'error' | 'success' | 'info'; children: ReactNode; testId?: string }) {
  return (
    <div role={kind === 'error' ? 'alert' : 'status'} className={`banner banner-${kind}`} data-testid={testId}>
      {children}
    </div>
  );
}
