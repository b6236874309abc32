import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TermsCheckbox } from './terms-checkbox';

afterEach(cleanup);

describe('TermsCheckbox', () => {
  it("opens the spec's terms modal, titled 'Terms & conditions' with 'I Agree' and 'Cancel', whatever the terms", async () => {
    const onChange = vi.fn();
    render(
      <TermsCheckbox
        lead="I agree to the"
        linkText="health commitment"
        items={[{ id: 1, title: 'Health commitment', html: '<p>I am fit to exercise.</p>' }]}
        isChecked={false}
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('checkbox', { name: 'I agree to the health commitment' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'health commitment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terms & conditions' }, { timeout: 15_000 });
    expect(dialog.textContent).toContain('I am fit to exercise.');
    expect(screen.getByRole('button', { name: 'I Agree' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onChange).not.toHaveBeenCalled();
  });
});
