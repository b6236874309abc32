import { MEMBERSHIP_MANAGEMENT_TEXTS } from '@fieldhouse/contract/texts/membership-management';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountMembership } from '../api/get-account-memberships';
import UploadDocumentModal from './upload-document-modal';

const fetchMock = vi.fn<typeof globalThis.fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(
    new Response(JSON.stringify({ data: { message: 'ok' } }), {
      status: 201,
      headers: { 'content-type': 'application/json' },
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const student = {
  id: 41,
  membershipType: {
    name: 'Student',
    eligibilityCriterion: {
      id: 7,
      documentTypes: [
        { id: 3, name: 'Student ID card' },
        { id: 4, name: 'Enrolment letter' },
      ],
    },
  },
} as unknown as AccountMembership;

function renderModal(membership: AccountMembership = student) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <UploadDocumentModal membership={membership} onClose={() => {}} />
    </QueryClientProvider>,
  );
}

/** The Student membership with only one kind of document to send. */
const withOneType = {
  ...student,
  membershipType: {
    ...student.membershipType,
    eligibilityCriterion: { id: 7, documentTypes: [{ id: 3, name: 'Student ID card' }] },
  },
} as unknown as AccountMembership;

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Upload document' }));

describe("'Upload document'", () => {
  it('says what is missing, sends nothing and puts focus on the first missing field', async () => {
    renderModal();
    submit();
    expect(await screen.findByText(MEMBERSHIP_MANAGEMENT_TEXTS.documentTypeRequired)).toBeTruthy();
    expect(screen.getByText(MEMBERSHIP_MANAGEMENT_TEXTS.documentRequired)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Document type'));
    expect(screen.getByLabelText('Document type').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('chooses the only document type itself; with the file missing, focus goes to the file field', async () => {
    renderModal(withOneType);
    expect((screen.getByLabelText('Document type') as HTMLSelectElement).value).toBe('3');
    submit();
    expect(await screen.findByText(MEMBERSHIP_MANAGEMENT_TEXTS.documentRequired)).toBeTruthy();
    expect(screen.queryByText(MEMBERSHIP_MANAGEMENT_TEXTS.documentTypeRequired)).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Document', { exact: true }));
    // Choosing a file takes the message away at once.
    const file = new File(['%PDF-1.4'], 'card.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Document', { exact: true }), { target: { files: [file] } });
    await waitFor(() => expect(screen.queryByText(MEMBERSHIP_MANAGEMENT_TEXTS.documentRequired)).toBeNull());
    submit();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const body = fetchMock.mock.calls[0]?.[1]?.body as FormData;
    expect(body.get('eligibility_document_type_id')).toBe('3');
  });

  it('sends the chosen type and file as one multipart upload', async () => {
    renderModal();
    fireEvent.change(screen.getByLabelText('Document type'), { target: { value: '4' } });
    const file = new File(['%PDF-1.4'], 'letter.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Document', { exact: true }), { target: { files: [file] } });
    submit();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const body = fetchMock.mock.calls[0]?.[1]?.body as FormData;
    expect(body.get('eligibility_document_type_id')).toBe('4');
    expect(body.get('membership_id')).toBe('41');
    expect(body.get('eligibility_criterion_id')).toBe('7');
    expect((body.get('document') as File).name).toBe('letter.pdf');
    expect(screen.queryByText(MEMBERSHIP_MANAGEMENT_TEXTS.documentRequired)).toBeNull();
  });
});
