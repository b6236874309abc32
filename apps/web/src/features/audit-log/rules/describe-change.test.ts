import { describe, expect, it } from 'vitest';
import { describeAction, describeChange, humanise } from './describe-change';

const instant = (iso: string) => `at ${iso.slice(0, 10)}`;

describe('describeChange', () => {
  it('lists only the fields that changed, in words', () => {
    const change = describeChange(
      { status: 'pending', reason: null, venueIds: [1, 2], updatedAt: '2026-03-29T00:30:00Z' },
      { status: 'rejected', reason: 'Card expired', venueIds: [1, 2], updatedAt: '2026-03-29T01:30:00Z' },
      instant,
    );
    expect(change.kind).toBe('changed');
    expect(change.rows).toEqual([
      { field: 'Status', before: 'pending', after: 'rejected' },
      { field: 'Reason', before: null, after: 'Card expired' },
      { field: 'Updated at', before: 'at 2026-03-29', after: 'at 2026-03-29' },
    ]);
  });

  it('shows every field of a new record and of a removed one', () => {
    expect(describeChange(null, { name: 'Sam', disabled: false }, instant)).toEqual({
      kind: 'created',
      rows: [
        { field: 'Name', before: null, after: 'Sam' },
        { field: 'Disabled', before: null, after: 'No' },
      ],
    });
    expect(describeChange({ role: 'front_desk' }, null, instant).kind).toBe('removed');
    expect(describeChange(null, null, instant)).toEqual({ kind: 'none', rows: [] });
  });

  it('reads a nested record as fields of its own (an approval and the membership it changed)', () => {
    const change = describeChange(
      { status: 'pending_approval', membership: { status: 'active', statusInfo: 'freeze pending approval' } },
      { status: 'approved', reason: null, membership: { status: 'active', statusInfo: null } },
      instant,
    );
    expect(change.rows).toEqual([
      { field: 'Status', before: 'Pending approval', after: 'approved' },
      { field: 'Membership status info', before: 'freeze pending approval', after: null },
    ]);
  });

  it('leaves out what the after record does not hold (not recorded, not emptied)', () => {
    const change = describeChange(
      { status: 'pending', membership: { status: 'active' } },
      { status: 'rejected', reason: 'Blurred photo' },
      instant,
    );
    expect(change.rows.map((row) => row.field)).toEqual(['Status', 'Reason']);
  });

  it('shows a value that is not a record as one row', () => {
    expect(describeChange('a', 'b', instant).rows).toEqual([{ field: 'Value', before: 'a', after: 'b' }]);
  });
});

describe('humanise', () => {
  it('turns keys and actions into words', () => {
    expect(humanise('venueIds')).toBe('Venue IDs');
    expect(humanise('ip')).toBe('IP');
    expect(humanise('approval.freeze_request.approve')).toBe('Approval freeze request approve');
  });
});

describe('describeAction', () => {
  it('says what was done in words', () => {
    expect(describeAction('freeze_request.approve')).toBe('Freeze request approved');
    expect(describeAction('eligibility_document.reject')).toBe('Eligibility document rejected');
    expect(describeAction('staff.login')).toBe('Staff logged in');
    expect(describeAction('catalogue.import')).toBe('Catalogue import');
  });
});
