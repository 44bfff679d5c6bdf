// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { PhoneField } from './PhoneField.js';

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <PhoneField id="phone" name="phone" value={value} onChange={setValue} />
      <output data-testid="stored">{value}</output>
    </>
  );
}

describe('the phone field', () => {
  afterEach(cleanup);

  it('shows the Malaysian dial code, fixed, when empty', () => {
    render(<Harness initial="" />);
    expect(screen.getByTestId<HTMLInputElement>('phone-input').value).toBe('+60');
  });

  it('shows a stored number with its dial code', () => {
    render(<Harness initial="+60123000008" />);
    expect(screen.getByTestId<HTMLInputElement>('phone-input').value.replace(/\s/g, '')).toBe('+60123000008');
  });

  it.each([
    ['the full form', '+60 12-771 4523'],
    ['the local form', '012-771 4523'],
    ['the country code without +', '60 12 771 4523'],
  ])('stores %s typed after the fixed +60 as the one E.164 number, and keeps every digit typed in view', (_form, typed) => {
    render(<Harness initial="" />);
    const input = screen.getByTestId<HTMLInputElement>('phone-input');
    fireEvent.change(input, { target: { value: `+60 ${typed}` } });
    expect(screen.getByTestId('stored').textContent).toBe('+60127714523');
    expect(input.value.replace(/\D/g, '')).toBe(`60${typed.replace(/\D/g, '')}`);
  });
});
