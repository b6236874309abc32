import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PageTitle, setTitleSuffix } from './page-title';

afterEach(cleanup);

describe('PageTitle', () => {
  it("sets the page's one <title> with the operator's name, never adding a second", () => {
    document.head.innerHTML = '<title>My account</title>';
    setTitleSuffix('Fieldhouse Leisure');
    const { rerender } = render(<PageTitle title="Bookings" />);
    expect(document.title).toBe('Bookings | Fieldhouse Leisure');
    rerender(<PageTitle title="Payments" />);
    expect(document.title).toBe('Payments | Fieldhouse Leisure');
    expect(document.querySelectorAll('title')).toHaveLength(1);
  });
});
