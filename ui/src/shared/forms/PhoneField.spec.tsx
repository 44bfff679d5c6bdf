// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
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
});
