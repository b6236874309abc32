import { STAFF_TEXTS } from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  eligibilityDocuments,
  freezeRequests,
  memberships,
  staffAccounts,
} from '../src/db/schema.ts';
import { findAccountMemberships } from '../src/services/memberships/account-memberships.ts';
import { findStatusInfo } from '../src/services/memberships/status-info.ts';
import { outbox, sessionFor } from './helper.ts';
import { staffTestbed } from './staff.fixtures.ts';

const clock = new Date('2026-11-24T10:00:00Z');
const { t, storage, app, leeds, student, card, medical, studentMember, logIn } = await staffTestbed(
  () => clock,
);

describe('the approvals queue', () => {
  it('a centre manager sees only their venues; approving a freeze sets it pending until its first day, mails and audits', async () => {
    const { customer, membership } = await studentMember(leeds.id, 'freezer@example.test');
    const [request] = await t.db
      .insert(freezeRequests)
      .values({
        customerId: customer.id,
        membershipId: membership.id,
        freezeTypeId: medical.id,
        activeFrom: '2026-12-01',
        months: 2,
      })
      .returning();
    const york = await logIn('york@example.test');
    const yorkList = await app.inject({ method: 'GET', url: '/api/staff/approvals', headers: york });
    expect(yorkList.json().data.map((i: { id: number }) => i.id)).not.toContain(request!.id);
    const notHers = await app.inject({
      method: 'POST',
      url: `/api/staff/approvals/freeze_request/${request!.id}/decision`,
      headers: york,
      payload: { decision: 'approve' },
    });
    expect(notHers.statusCode).toBe(404);

    const admin = await logIn('admin@example.test');
    const list = await app.inject({ method: 'GET', url: '/api/staff/approvals', headers: admin });
    expect(list.json().data).toContainEqual(
      expect.objectContaining({
        kind: 'freeze_request',
        id: request!.id,
        summary: 'Medical, 2 months from 1 December 2026',
        customer: expect.objectContaining({ email: 'freezer@example.test' }),
        membership: expect.objectContaining({ name: 'Student', venue: 'Leeds Pool' }),
        file: null,
      }),
    );
    const approve = await app.inject({
      method: 'POST',
      url: `/api/staff/approvals/freeze_request/${request!.id}/decision`,
      headers: admin,
      payload: { decision: 'approve' },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const [after] = await t.db.select().from(memberships).where(eq(memberships.id, membership.id));
    expect(after).toMatchObject({ status: 'active' });
    expect((await findStatusInfo(t.db, [after!])).get(after!.id)).toBe('freeze pending');
    // Approved but not started: still pending for the member, who cannot ask for another freeze meanwhile.
    const [listed] = await findAccountMemberships(t.db, {
      customerId: customer.id,
      now: clock,
      timeZone: 'Europe/London',
      membershipIds: [membership.id],
    });
    expect(listed).toMatchObject({ freeze_pending: true, freezable: false });
    const [decided] = await t.db.select().from(freezeRequests).where(eq(freezeRequests.id, request!.id));
    expect(decided).toMatchObject({ status: 'approved', decidedAt: clock });
    const mail = await outbox(app, 'freezer@example.test');
    expect(mail[0]).toMatchObject({ subject: 'Your freeze request for Student was approved' });
    expect(mail[0]!.text).toContain('frozen from 1 December 2026 to 31 January 2027');
    const twice = await app.inject({
      method: 'POST',
      url: `/api/staff/approvals/freeze_request/${request!.id}/decision`,
      headers: admin,
      payload: { decision: 'reject', reason: 'Changed my mind' },
    });
    expect(twice.statusCode).toBe(409);
    const [audited] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'freeze_request.approve'));
    expect(audited).toMatchObject({ entityId: String(request!.id), actor: 'Ada Admin' });
    expect(audited!.before).toMatchObject({ status: 'pending_approval' });
  });

  it('rejecting a document needs a reason; the member then reads it in the spec words, and only staff open the file', async () => {
    const { customer, membership } = await studentMember(leeds.id, 'scholar@example.test');
    await storage.put(
      'eligibility/scholar-card.pdf',
      (await import('node:stream')).Readable.from([Buffer.from('%PDF-1.4 card')]),
      'application/pdf',
    );
    const [document] = await t.db
      .insert(eligibilityDocuments)
      .values({
        customerId: customer.id,
        membershipId: membership.id,
        criterionId: student.id,
        documentTypeId: card!.id,
        storageKey: 'eligibility/scholar-card.pdf',
        originalName: 'card.pdf',
        mimeType: 'application/pdf',
        sizeBytes: 13,
      })
      .returning();
    const admin = await logIn('admin@example.test');
    const file = await app.inject({
      method: 'GET',
      url: `/api/staff/approvals/eligibility_document/${document!.id}/file`,
      headers: admin,
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('%PDF-1.4 card');
    expect(file.headers['cache-control']).toBe('private, no-store');
    const asMember = await sessionFor(t.db, customer.id);
    const memberTry = await app.inject({
      method: 'GET',
      url: `/api/staff/approvals/eligibility_document/${document!.id}/file`,
      headers: asMember.headers,
    });
    expect(memberTry.statusCode).toBe(401);

    const noReason = await app.inject({
      method: 'POST',
      url: `/api/staff/approvals/eligibility_document/${document!.id}/decision`,
      headers: admin,
      payload: { decision: 'reject' },
    });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toEqual([STAFF_TEXTS.reasonRequired]);
    const reject = await app.inject({
      method: 'POST',
      url: `/api/staff/approvals/eligibility_document/${document!.id}/decision`,
      headers: admin,
      payload: { decision: 'reject', reason: 'The photo is blurred' },
    });
    expect(reject.statusCode, reject.body).toBe(200);
    const [row] = await t.db
      .select()
      .from(eligibilityDocuments)
      .where(eq(eligibilityDocuments.id, document!.id));
    expect(row).toMatchObject({ status: 'rejected', rejectionReason: 'The photo is blurred' });
    const mine = await app.inject({
      method: 'GET',
      url: '/api/user/memberships',
      headers: asMember.headers,
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(JSON.stringify(mine.json())).toContain('The photo is blurred');
    const mail = await outbox(app, 'scholar@example.test');
    expect(mail[0]!.text).toContain(
      'Latest document upload was rejected: The photo is blurred. Please try upload again',
    );
    const [staffRow] = await t.db
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.email, 'admin@example.test'));
    expect(row!.decidedByStaffId).toBe(staffRow!.id);
  });
});
