// A small accessible modal (role dialog, labelled by its title, Escape closes) so the public pages need
// no component library; the react-admin area uses MUI's own.

import { useEffect, useId, useRef, type ReactNode } from 'react';

export type DialogProps = {
  open: boolean;
  title: ReactNode;
  onClose?: () => void;
  children: ReactNode;
  actions?: ReactNode;
  wide?: boolean;
  testId?: string;
};

export function Dialog({ open, title, onClose, children, actions, wide, testId }: DialogProps) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    box.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose?.();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  if (!open) return null;
  return (
    <div className="dialog-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose?.()}>
      <div
        ref={box}
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={`dialog${wide ? ' dialog-wide' : ''}`}
        data-testid={testId}
      >
        <div className="dialog-head">
          <h2 id={titleId}>{title}</h2>
          {onClose && (
            <button type="button" className="icon-button" aria-label="×" onClick={onClose}>
              ×
            </button>
          )}
        </div>
        <div className="dialog-body">{children}</div>
        {actions && <div className="dialog-actions">{actions}</div>}
      </div>
    </div>
  );
}
