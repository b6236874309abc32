import {
  cancelInfoReply,
  cancelReply,
  freezePreviewReply,
  freezeReply,
  freezeTypesReply,
  MAX_UPLOAD_BYTES,
  MEMBERSHIP_MANAGEMENT_TEXTS,
} from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients, freezeRequests } from '../src/db/schema.ts';
import { createPenalty } from './helper.ts';
import { membershipManagementTestbed, multipart, PDF } from './membership-management.fixtures.ts';

const { t, client, home, storage, ...fixtures } = await membershipManagementTestbed();
const { doctorsNote, medical, holiday, gymMonthly, offPeakMonthly, saverOption } = fixtures;
const { member, get, post, upload, listOf, membershipRow, checkout } = fixtures;

describe('cancel', () => {
  it('records a cancellation while fees are unpaid and carries it out when checkout pays them', async () => {
    const {
      customer,
      memberships: [m],
      session,
    } = await member([{ option: offPeakMonthly }]);
    const fee = await createPenalty(t.db, {
      customerId: customer.id,
      venueId: home.id,
      type: 'no_show',
      description: 'No-show fee',
      amount: 300,
      createdAt: new Date('2026-11-18T12:00:00Z'),
    });
    const info = cancelInfoReply.parse((await get(`/api/memberships/${m!.id}/cancel`, session)).json()).data;
    expect(info).toMatchObject({
      allow_online_membership_cancellation: true,
      payment_type: 'recurring',
      has_outstanding_penalties_due: true,
      outstanding_penalties_due: [
        {
          id: fee.id,
          type: 'No-show fee',
          fee_amount: { amount: 300, formatted: '£3.00' },
          created_at: '18 Nov 2026',
        },
      ],
      recurring: {
        cancellation_notice_period: 30,
        earliest_final_payment_date: '1 December 2026',
        earliest_final_day_of_membership: '22 December 2026',
        cancellation_notice_required: true,
      },
      next_payments: [{ date: '2026-12-01', amount: { raw: 2799 }, description: 'Final payment' }],
      cancellation_pending_payment: false,
    });

    const res = await post(`/api/memberships/${m!.id}/cancel`, session);
    expect(res.statusCode).toBe(200);
    const reply = cancelReply.parse(res.json()).data;
    expect(reply).toMatchObject({ cancelled: false, message: MEMBERSHIP_MANAGEMENT_TEXTS.outstandingFees });
    expect(reply.membership.status).toBe('active');
    expect((await membershipRow(m!.id)).status).toBe('active');
    const pending = cancelInfoReply.parse(
      (await get(`/api/memberships/${m!.id}/cancel`, session)).json(),
    ).data;
    expect(pending.cancellation_pending_payment).toBe(true);

    const added = await post('/api/cart/add', session, { items: [{ id: fee.id, type: 'penalty' }] });
    expect(added.statusCode).toBe(200);
    const done = await checkout(session, added.json().data.version);
    expect(done.statusCode).toBe(200);
    expect(await membershipRow(m!.id)).toMatchObject({
      status: 'cancelled',
      expiresAt: '2026-12-22',
      nextPaymentDate: '2026-12-01',
      cancellationRequestedAt: null,
    });
  });

  it('cancels a paid-in-full membership at once, refuses when online cancellation is off, and hides others', async () => {
    const {
      memberships: [fixed, monthly],
      session,
    } = await member([{ option: saverOption, expiresAt: '2027-05-31' }, { option: gymMonthly }]);
    const other = await member([{ option: gymMonthly }]);
    expect((await get(`/api/memberships/${fixed!.id}/cancel`, other.session)).statusCode).toBe(404);
    expect((await post(`/api/memberships/${fixed!.id}/cancel`, other.session)).statusCode).toBe(404);

    const info = cancelInfoReply.parse(
      (await get(`/api/memberships/${fixed!.id}/cancel`, session)).json(),
    ).data;
    expect(info).toMatchObject({ payment_type: 'fixed', recurring: null, next_payments: [] });
    const res = cancelReply.parse((await post(`/api/memberships/${fixed!.id}/cancel`, session)).json()).data;
    expect(res).toMatchObject({ cancelled: true, message: MEMBERSHIP_MANAGEMENT_TEXTS.cancelled });
    expect(res.membership).toMatchObject({ status: 'cancelled', expires_at: { raw: '2026-11-22' } });
    expect((await post(`/api/memberships/${fixed!.id}/cancel`, session)).statusCode).toBe(403);

    await t.db
      .update(clients)
      .set({ allowOnlineCancellation: false, cancellationRefusalMessage: 'Please call us to cancel.' })
      .where(eq(clients.id, client.id));
    try {
      const refusedInfo = cancelInfoReply.parse(
        (await get(`/api/memberships/${monthly!.id}/cancel`, session)).json(),
      ).data;
      expect(refusedInfo).toMatchObject({
        allow_online_membership_cancellation: false,
        membership_cancellation_refusal_message: 'Please call us to cancel.',
      });
      const refused = await post(`/api/memberships/${monthly!.id}/cancel`, session);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Please call us to cancel.');
      expect((await membershipRow(monthly!.id)).status).toBe('active');
    } finally {
      await t.db.update(clients).set({ allowOnlineCancellation: true }).where(eq(clients.id, client.id));
    }
  });
});

describe('freeze', () => {
  it('offers freeze types within the window and checks reason, date, months and proof', async () => {
    const {
      memberships: [m, fixed],
      session,
    } = await member([{ option: gymMonthly }, { option: saverOption, expiresAt: '2027-05-31' }]);
    const other = await member([{ option: gymMonthly }]);
    expect((await get(`/api/user/memberships/${m!.id}/freezetypes`, other.session)).statusCode).toBe(404);
    expect((await get(`/api/user/memberships/${fixed!.id}/freezetypes`, session)).statusCode).toBe(403);

    const types = freezeTypesReply.parse(
      (await get(`/api/user/memberships/${m!.id}/freezetypes`, session)).json(),
    ).data;
    expect(types.min_freeze_start_date.raw).toBe('2026-11-23');
    expect(types.max_freeze_start_date.raw).toBe('2027-02-22');
    expect(types.freeze_types).toEqual([
      {
        id: medical!.id,
        reason: 'Medical',
        time_periods: [1, 2, 3],
        monthly_fee: { raw: 0, formatted: '£0.00' },
        proof_of_eligibility: {
          description: "Please upload a doctor's note.",
          document_type: { id: doctorsNote!.id, name: "Doctor's note" },
        },
      },
      {
        id: holiday!.id,
        reason: 'Holiday',
        time_periods: [1],
        monthly_fee: { raw: 500, formatted: '£5.00' },
        proof_of_eligibility: null,
      },
    ]);

    const preview = freezePreviewReply.parse(
      (
        await get(
          `/api/user/memberships/${m!.id}/freeze/preview?freeze_type_id=${holiday!.id}&active_from=2026-12-01&months=1`,
          session,
        )
      ).json(),
    ).data;
    expect(preview).toEqual({
      ends_on: '2026-12-31',
      next_payments: [
        {
          date: '2026-12-01',
          date_pretty: '1 December 2026',
          amount: { raw: 500, formatted: '£5.00' },
          description: 'Freeze fee',
        },
        {
          date: '2027-01-01',
          date_pretty: '1 January 2027',
          amount: { raw: 3999, formatted: '£39.99' },
          description: 'Monthly payment',
        },
      ],
    });

    const url = `/api/user/memberships/${m!.id}/freeze`;
    const stored = storage.size;
    const errorsOf = async (
      fields: Record<string, string | number>,
      file?: Parameters<typeof multipart>[1],
    ) => {
      const res = await upload(url, session, multipart(fields, file));
      expect(res.statusCode).toBe(422);
      return res.json().errors;
    };
    const base = { freeze_type_id: medical!.id, active_from: '2026-12-01', months: 2 };
    const note = { field: 'file', name: 'note.pdf', type: 'application/pdf', bytes: PDF };
    expect(await errorsOf(base)).toEqual({ file: [MEMBERSHIP_MANAGEMENT_TEXTS.documentRequired] });
    expect(await errorsOf({ ...base, active_from: '2026-11-22' }, note)).toEqual({
      active_from: [MEMBERSHIP_MANAGEMENT_TEXTS.freezeFrom],
    });
    expect(await errorsOf({ ...base, active_from: '2027-02-23' }, note)).toEqual({
      active_from: [MEMBERSHIP_MANAGEMENT_TEXTS.freezeUpTo],
    });
    expect(Object.keys(await errorsOf({ ...base, months: 4 }, note))).toEqual(['months']);
    expect(Object.keys(await errorsOf({ ...base, freeze_type_id: 999_999 }, note))).toEqual([
      'freeze_type_id',
    ]);
    expect(await errorsOf(base, { ...note, name: 'note.png', type: 'image/png' })).toEqual({
      file: [MEMBERSHIP_MANAGEMENT_TEXTS.fileType],
    });
    expect(
      await errorsOf(base, { ...note, bytes: Buffer.concat([PDF, Buffer.alloc(MAX_UPLOAD_BYTES, 0x20)]) }),
    ).toEqual({ file: [MEMBERSHIP_MANAGEMENT_TEXTS.fileTooLarge] });
    expect(storage.size).toBe(stored);
    // Another customer cannot freeze this membership.
    expect((await upload(url, other.session, multipart(base, note))).statusCode).toBe(404);

    const res = await upload(url, session, multipart(base, note));
    expect(res.statusCode).toBe(201);
    expect(freezeReply.parse(res.json()).data).toEqual({
      message: MEMBERSHIP_MANAGEMENT_TEXTS.freezeSubmitted,
      start_date: '1 December 2026',
      reason: 'Medical',
      months: 2,
      documents: [{ name: 'note.pdf' }],
    });
    expect(storage.size).toBe(stored + 1);
    const [listed] = (await listOf(session)).filter((x) => x.id === m!.id);
    expect(listed).toMatchObject({
      status: 'active',
      status_info: 'freeze pending approval',
      freeze_pending: true,
      freezable: false,
    });
    const again = await upload(url, session, multipart({ ...base, freeze_type_id: holiday!.id, months: 1 }));
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(MEMBERSHIP_MANAGEMENT_TEXTS.freezePending);
    expect(
      await t.db.select().from(freezeRequests).where(eq(freezeRequests.membershipId, m!.id)),
    ).toHaveLength(1);
  });

  it('freezes without a file when the reason needs no proof', async () => {
    const {
      memberships: [m],
      session,
    } = await member([{ option: gymMonthly }]);
    const stored = storage.size;
    const res = await upload(
      `/api/user/memberships/${m!.id}/freeze`,
      session,
      multipart({ freeze_type_id: holiday!.id, active_from: '2026-11-23', months: 1 }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.documents).toEqual([]);
    expect(storage.size).toBe(stored);
  });
});
