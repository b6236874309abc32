import { freezeMembership } from '@fieldhouse/contract/routes/membership-management';
import { DEFAULT_ERROR_TEXTS } from '@fieldhouse/contract/texts/common';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, call, serverMessageOr, setUnauthorisedHandler } from './client';
import { errorText } from './errors';

function reply(status: number, body: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  // biome-ignore lint/suspicious/noDocumentCookie: test setup
  document.cookie = 'fh_csrf=token-123; path=/';
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('error texts', () => {
  it('map statuses to the spec texts', () => {
    expect(errorText(404, 'nope')).toBe('Unable to complete request, item not found.');
    expect(errorText(403, null)).toBe('Unauthorised.');
    expect(errorText(419, null)).toBe('Something has gone wrong, please reload and try again.');
    expect(errorText(500, 'stack trace')).toBe('Something has gone wrong, please try again.');
    expect(errorText(418, null)).toBe('Something has gone wrong, please try again.');
    expect(errorText(422, 'These credentials do not match our records.')).toBe(
      'These credentials do not match our records.',
    );
  });
});

describe('api client', () => {
  it('unwraps data and converts keys to camelCase', async () => {
    fetchMock.mockResolvedValue(reply(200, { data: { first_name: 'Ada', profile_photo: { is_set: true } } }));
    const user = await api.get<{ first_name: string; profile_photo: { is_set: boolean } }>('auth/user');
    expect(user).toEqual({ firstName: 'Ada', profilePhoto: { isSet: true } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/user');
  });

  it('sends snake_case bodies, snake_case query and the CSRF header on writes', async () => {
    fetchMock.mockResolvedValue(reply(201, { data: {} }));
    await api.post(
      'auth/customer/register',
      { firstName: 'Ada', termsAccepted: true },
      { query: { onboardingType: 'x' } },
    );
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/customer/register?onboarding_type=x');
    expect(JSON.parse(String(init?.body))).toEqual({ first_name: 'Ada', terms_accepted: true });
    expect((init?.headers as Record<string, string> | undefined)?.['x-csrf-token']).toBe('token-123');
  });

  it('sends a FormData body as multipart: keys as given, no JSON content type, CSRF header kept', async () => {
    fetchMock.mockResolvedValue(reply(201, { data: { message: 'ok' } }));
    const form = new FormData();
    form.append('freeze_type_id', '2');
    form.append('file', new Blob(['%PDF-1.4'], { type: 'application/pdf' }), 'note.pdf');
    await api.post('user/memberships/1/freeze', form);
    const init = fetchMock.mock.calls[0]?.[1];
    const headers = init?.headers as Record<string, string>;
    expect(init?.body).toBe(form);
    expect(headers['content-type']).toBeUndefined();
    expect(headers['x-csrf-token']).toBe('token-123');
    expect(form.get('freeze_type_id')).toBe('2');
  });

  it('sends a declared upload as multipart: the path filled, wire keys, text as text, no empty parts', async () => {
    fetchMock.mockResolvedValue(reply(201, { data: { message: 'ok', start_date: '1 June 2026' } }));
    const proof = new File(['%PDF-1.4'], 'note.pdf', { type: 'application/pdf' });
    const result = await call(freezeMembership, {
      params: { id: 7 },
      upload: { freeze_type_id: 2, active_from: '2026-06-01', months: 3, file: proof },
    });
    const [url, init = {}] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/user/memberships/7/freeze');
    expect(init.method).toBe('POST');
    const form = init.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect([...form.keys()]).toEqual(['freeze_type_id', 'active_from', 'months', 'file']);
    expect(form.get('months')).toBe('3');
    expect((form.get('file') as File).name).toBe('note.pdf');
    expect((init.headers as Record<string, string>)['content-type']).toBeUndefined();
    expect(result).toEqual({ message: 'ok', startDate: '1 June 2026' });

    fetchMock.mockResolvedValue(reply(201, { data: { message: 'ok' } }));
    await call(freezeMembership, {
      params: { id: 7 },
      upload: { freeze_type_id: 2, active_from: '2026-06-01', months: 3, file: null },
    });
    const [, second = {}] = fetchMock.mock.calls[1] ?? [];
    expect((second.body as FormData).has('file')).toBe(false);
  });

  it('does not send the CSRF header on GET', async () => {
    fetchMock.mockResolvedValue(reply(200, { data: [] }));
    await api.get('venues');
    expect(
      (fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string> | undefined)?.['x-csrf-token'],
    ).toBeUndefined();
  });

  it('keeps 422 field errors with camelCase keys', async () => {
    fetchMock.mockResolvedValue(
      reply(422, {
        message: 'The given data was invalid.',
        errors: { first_name: ['Required.'], password_confirmation: ['No match.'] },
      }),
    );
    const error = await api.post('x', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      message: 'The given data was invalid.',
      fieldErrors: { firstName: ['Required.'], passwordConfirmation: ['No match.'] },
    });
  });

  it('maps other statuses to default texts and keeps the server message', async () => {
    fetchMock.mockResolvedValue(reply(404, { message: 'No such booking' }));
    await expect(api.get('x')).rejects.toMatchObject({
      status: 404,
      message: 'Unable to complete request, item not found.',
      serverMessage: 'No such booking',
    });
  });

  it("keeps the server's error code (503 not_set_up: no operator yet), and none when it sent none", async () => {
    fetchMock.mockResolvedValueOnce(reply(503, { message: 'Being set up.', code: 'not_set_up' }));
    await expect(api.get('frontend/theme')).rejects.toMatchObject({ status: 503, code: 'not_set_up' });
    fetchMock.mockResolvedValueOnce(reply(503, { message: 'Maintenance.' }));
    await expect(api.get('frontend/theme')).rejects.toMatchObject({ status: 503, code: null });
  });

  it('maps network failures to the generic text', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('x')).rejects.toMatchObject({ status: 0, message: DEFAULT_ERROR_TEXTS.generic });
  });

  it('calls the 401 handler unless the call allows 401', async () => {
    const handler = vi.fn();
    setUnauthorisedHandler(handler);
    fetchMock.mockImplementation(async () => reply(401, { message: 'Unauthenticated.' }));
    await expect(api.get('auth/user', { allowUnauthorised: true })).rejects.toMatchObject({ status: 401 });
    expect(handler).not.toHaveBeenCalled();
    await expect(api.get('user/memberships')).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
  });
});

describe('serverMessageOr', () => {
  it("shows the server's message, the spec's 419 text, or the fallback", () => {
    expect(
      serverMessageOr(
        new ApiError(422, 'x', 'These credentials do not match our records.'),
        'User signed out',
      ),
    ).toBe('These credentials do not match our records.');
    expect(
      serverMessageOr(new ApiError(419, errorText(419, null), 'CSRF token mismatch'), 'User signed out'),
    ).toBe('Something has gone wrong, please reload and try again.');
    expect(serverMessageOr(new Error('network'), 'User signed out')).toBe('User signed out');
  });

  it("never shows a 5xx reply's own text: 'any other status' is the default error (issue 43)", () => {
    for (const [status, text] of [
      [503, 'Service Unavailable'],
      [502, 'Bad Gateway'],
      [500, 'Internal Server Error'],
    ] as const)
      expect(serverMessageOr(new ApiError(status, errorText(status, text), text), 'fallback')).toBe(
        'Something has gone wrong, please try again.',
      );
  });
});
