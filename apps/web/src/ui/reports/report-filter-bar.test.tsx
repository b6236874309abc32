import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable } from './data-table';
import { checkReportFilter, ReportFilterBar } from './report-filter-bar';

afterEach(cleanup);

describe('the report filter', () => {
  it('says what is wrong with a period under its field, with the server’s texts', () => {
    expect(checkReportFilter('2026-10-01', '2026-10-31')).toEqual({});
    expect(checkReportFilter('2026-10-31', '2026-10-01')).toEqual({
      to: 'The last day must be on or after the first day.',
    });
    // 366 days is the most (2024 was a leap year); 367 is refused.
    expect(checkReportFilter('2024-01-01', '2024-12-31')).toEqual({});
    expect(checkReportFilter('2025-01-01', '2026-01-02')).toEqual({
      to: 'A report covers at most 366 days: choose a shorter period.',
    });
    expect(checkReportFilter('', '2026-10-01')).toEqual({ from: 'Give the first day of the period.' });
  });

  it('asks for nothing until Show, then gives the dates and the venue chosen', () => {
    const onChange = vi.fn();
    render(
      <ReportFilterBar
        value={{ from: '2026-10-01', to: '2026-10-31', venueId: null }}
        venues={[
          { id: 1, name: 'North Pool' },
          { id: 2, name: 'South Gym' },
        ]}
        onChange={onChange}
      />,
    );
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-09-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('The last day must be on or after the first day.');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-15' } });
    fireEvent.change(screen.getByLabelText('Venue'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(onChange).toHaveBeenCalledWith({ from: '2026-10-01', to: '2026-10-15', venueId: 2 });
  });
});

describe('a report table', () => {
  it('heads each row with its first cell and ends with a totals row', () => {
    render(
      <DataTable
        caption="By venue"
        columns={[
          { header: 'Venue', cell: (row: { name: string; net: string }) => row.name },
          { header: 'Net', cell: (row) => row.net, isNumeric: true },
        ]}
        rows={[
          { name: 'North Pool', net: '£10.00' },
          { name: 'South Gym', net: '£5.50' },
        ]}
        rowKey={(row) => row.name}
        totals={{ name: '', net: '£15.50' }}
      />,
    );
    const table = screen.getByRole('table', { name: 'By venue' });
    expect(screen.getByRole('rowheader', { name: 'North Pool' })).toBeTruthy();
    expect(table.querySelector('tfoot')?.textContent).toBe('Total£15.50');
    expect(screen.getByRole('region', { name: 'By venue' }).tabIndex).toBe(0);
  });
});
