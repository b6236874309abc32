import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toast } from '../lib/toast';
import { LazyToaster } from './lazy-toaster';

afterEach(cleanup);

describe('toasts load on first use', () => {
  it('mounts no toaster until a toast is asked for, then shows that first toast', async () => {
    const { container } = render(<LazyToaster />);
    expect(container.querySelector('[data-sonner-toaster]')).toBeNull();

    toast.success('Successfully added item to the basket.');
    expect(
      await screen.findByText('Successfully added item to the basket.', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(document.querySelector('[data-sonner-toaster]')).not.toBeNull();

    toast.error('Something has gone wrong, please try again.');
    expect(await screen.findByText('Something has gone wrong, please try again.')).toBeTruthy();
  });
});
