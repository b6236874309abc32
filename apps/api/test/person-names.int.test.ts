import { dataFieldsReply, FIELD_TEXTS } from '@fieldhouse/contract';
import { describe, expect, it } from 'vitest';
import {
  createClient,
  createCustomer,
  csrfHeaders,
  registrationBody,
  sessionFor,
  setupTestDatabase,
} from './helper.ts';

const t = await setupTestDatabase();
const client = await createClient(t.db);
const app = await t.buildTestApp();

/** Names that hide or reorder what is shown: bidi override, zero-width space, NUL, escape, byte-order mark. */
const HOSTILE = ['\u202Egnp.exe', 'Al\u200Bex', 'Al\u0000ex', 'Alex\u001b[2J', 'Al\uFEFFex', 'Al\u2066ex'];
/** Ordinary international names. */
const ORDINARY = ['Łukasz Nowak-李', "O'Brien", 'Zoë'];

let registered = 0;
const register = (first: string, last = 'Shaw') =>
  app.inject({
    method: 'POST',
    url: '/api/auth/customer/register?onboarding_type=customer_account_online',
    headers: csrfHeaders(),
    payload: registrationBody(client.id, {
      first_name: first,
      last_name: last,
      email: `names-${registered++}@example.test`,
    }),
  });

describe('person names', () => {
  it.each(HOSTILE)('registration refuses %j with the field text', async (name) => {
    const first = await register(name);
    expect(first.statusCode).toBe(422);
    expect(first.json().errors.first_name).toEqual([FIELD_TEXTS.invalid('First name')]);
    const last = await register('Robin', name);
    expect(last.json().errors.last_name).toEqual([FIELD_TEXTS.invalid('Last name')]);
  });

  it.each(ORDINARY)('registration accepts %s', async (name) => {
    const response = await register(name, name);
    expect(response.statusCode).toBe(201);
    expect(response.json().data.first_name).toBe(name);
  });

  it('the personal details update refuses invisible characters and keeps ordinary names', async () => {
    const me = await createCustomer(t.db, { clientId: client.id, dateOfBirth: '1990-05-01' });
    const who = await sessionFor(t.db, me.id);
    const form = dataFieldsReply.parse(
      (
        await app.inject({
          method: 'GET',
          url: '/api/data-fields?onboarding_type=customer_account_online',
          headers: who.headers,
        })
      ).json(),
    ).data;
    const put = (first: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/my-account/user/update?onboarding_type=customer_account_online',
        headers: who.headers,
        payload: {
          first_name: first,
          last_name: 'Nowak',
          email: me.email,
          date_of_birth: '1990-05-01',
          checksum: form.checksum,
        },
      });
    for (const name of ['Al\u200Bex', '\u202Exela', 'Al\u2060ex']) {
      const refused = await put(name);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.first_name).toEqual([FIELD_TEXTS.invalid('First name')]);
    }
    const saved = await put('Łukasz');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.first_name).toBe('Łukasz');
  });

  it('a guest pass refuses such a guest name', async () => {
    const me = await createCustomer(t.db, { clientId: client.id });
    const who = await sessionFor(t.db, me.id);
    for (const name of HOSTILE) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/v1/users/${me.id}/guestPasses`,
        headers: who.headers,
        payload: { data: { guest_name: name, guest_email: 'guest@example.test', venue_id: [1] } },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors['data.guest_name'], response.body).toEqual([
        FIELD_TEXTS.invalid('Guest name'),
      ]);
    }
  });

  it('card and billing names refuse them too', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/tokens',
      headers: csrfHeaders(),
      payload: {
        cardholder_name: 'Alex\u202E Morgan',
        card_number: '4242 4242 4242 4242',
        expiry_date: '12/39',
        security_code: '123',
        billing_first_name: 'Al\u200Bex',
        billing_last_name: 'Morgan',
        billing_address_line_one: '1 High Street',
        billing_city: 'Leeds',
        billing_postcode: 'LS1 1AA',
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      cardholder_name: [FIELD_TEXTS.invalid('Cardholder name')],
      billing_first_name: [FIELD_TEXTS.invalid('First name')],
    });
  });
});
