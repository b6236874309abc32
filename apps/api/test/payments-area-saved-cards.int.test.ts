import { CARD_TEXTS, PAYMENTS_TEXTS, savedCardsReply, updateSavedCardReply } from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sandboxCardTokens, savedCards } from '../src/db/schema.ts';
import { cardToken, createSession } from './helper.ts';
import { paymentsAreaTestbed } from './payments-area.fixtures.ts';

const { t, venue, counting, app, call, newCustomer } = await paymentsAreaTestbed();

describe('saved cards: update and delete', () => {
  /** A card saved through a real checkout, so the sandbox holds its payment method. */
  async function customerWithSavedCard() {
    const { customer, session } = await newCustomer();
    const { session: s } = await createSession(t.db, {
      venueId: venue.id,
      startsAt: new Date(Date.now() + 30 * 3_600_000),
    });
    const added = await call(session, 'POST', '/api/cart/add', { items: [{ id: s.id, type: 'activity' }] });
    const done = await call(session, 'POST', '/api/checkout/complete', {
      terms: true,
      cart_version: added.json().data.version,
      payment_method: { type: 'token', token: await cardToken(app), save_card: true },
    });
    expect(done.statusCode).toBe(200);
    const [card] = savedCardsReply.parse(
      (await call(session, 'GET', '/api/my-account/saved-cards')).json(),
    ).data;
    return { customer, session, card: card! };
  }

  const billing = {
    first_name: 'Alex',
    last_name: 'Morgan',
    address_line_1: '12 Middleton Grove',
    address_line_2: 'Beeston',
    city: 'Leeds',
    post_code: 'ls11 5dj',
  };

  it('updates the billing details only, with the postcode checked and tidied', async () => {
    const { session, card } = await customerWithSavedCard();
    const response = await call(session, 'PUT', `/api/my-account/saved-cards/${card.id}/update`, billing);
    expect(response.statusCode).toBe(200);
    const updated = updateSavedCardReply.parse(response.json()).data;
    expect(updated).toEqual({
      ...card,
      first_name: 'Alex',
      last_name: 'Morgan',
      address_line1: '12 Middleton Grove',
      address_line2: 'Beeston',
      city: 'Leeds',
      post_code: 'LS11 5DJ',
    });
    const listed = (await call(session, 'GET', '/api/my-account/saved-cards')).json().data;
    expect(listed).toEqual([updated]);

    // Line 2 may be cleared.
    const cleared = await call(session, 'PUT', `/api/my-account/saved-cards/${card.id}/update`, {
      ...billing,
      address_line_2: null,
    });
    expect(cleared.json().data.address_line2).toBeNull();
  });

  it('refuses a postcode that is not a UK postcode, and names short fields (422)', async () => {
    const { session, card } = await customerWithSavedCard();
    for (const post_code of ['nope', '12345', '', 'SW1A 1AAA']) {
      const response = await call(session, 'PUT', `/api/my-account/saved-cards/${card.id}/update`, {
        ...billing,
        post_code,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.post_code).toEqual([CARD_TEXTS.postcode]);
    }
    const short = await call(session, 'PUT', `/api/my-account/saved-cards/${card.id}/update`, {
      ...billing,
      first_name: 'A',
      city: 'L',
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({
      first_name: ['First name must be more than 1 character.'],
      city: ['Town or city must be more than 1 character.'],
    });
    const [row] = await t.db.select().from(savedCards).where(eq(savedCards.id, card.id));
    expect(row!.billingFirstName).toBe('Alex');
  });

  it('deletes the card and has the provider forget it', async () => {
    const { session, card } = await customerWithSavedCard();
    const [row] = await t.db.select().from(savedCards).where(eq(savedCards.id, card.id));
    const response = await call(session, 'DELETE', `/api/my-account/saved-cards/${card.id}/remove`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { message: PAYMENTS_TEXTS.cardDeleted } });
    expect((await call(session, 'GET', '/api/my-account/saved-cards')).json().data).toEqual([]);
    expect(counting.calls.forget).toContain(row!.providerRef);
    const tokens = await t.db
      .select()
      .from(sandboxCardTokens)
      .where(eq(sandboxCardTokens.token, row!.providerRef));
    expect(tokens).toEqual([]);
    // Gone: a second delete, an update, or paying with it answers 404.
    expect((await call(session, 'DELETE', `/api/my-account/saved-cards/${card.id}/remove`)).statusCode).toBe(
      404,
    );
    expect(
      (await call(session, 'PUT', `/api/my-account/saved-cards/${card.id}/update`, billing)).statusCode,
    ).toBe(404);
  });

  it("never touches another customer's card (404), and needs the CSRF header", async () => {
    const { card } = await customerWithSavedCard();
    const other = await newCustomer();
    expect(
      (await call(other.session, 'PUT', `/api/my-account/saved-cards/${card.id}/update`, billing)).statusCode,
    ).toBe(404);
    expect(
      (await call(other.session, 'DELETE', `/api/my-account/saved-cards/${card.id}/remove`)).statusCode,
    ).toBe(404);
    const [row] = await t.db.select().from(savedCards).where(eq(savedCards.id, card.id));
    expect(row!.deletedAt).toBeNull();
    const { session } = await newCustomer();
    const noCsrf = await app.inject({
      method: 'DELETE',
      url: `/api/my-account/saved-cards/${card.id}/remove`,
      headers: { cookie: session.headers.cookie },
    });
    expect(noCsrf.statusCode).toBe(419);
  });
});
