import { APPROVALS_MAX_PAGE_SIZE, STAFF_TEXTS } from '@fieldhouse/contract';
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
const { t, storage, app, leeds, york, student, card, medical, studentMember, logIn } = await staffTestbed(
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
    expect(yorkList.json().data.approvals.map((i: { id: number }) => i.id)).not.toContain(request!.id);
    const notHers = await app.inject({
      method: 'POST',
      url: `/api/staff/approvals/freeze_request/${request!.id}/decision`,
      headers: york,
      payload: { decision: 'approve' },
    });
    expect(notHers.statusCode).toBe(404);

    const admin = await logIn('admin@example.test');
    const list = await app.inject({ method: 'GET', url: '/api/staff/approvals', headers: admin });
    expect(list.json().data.approvals).toContainEqual(
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

  it('comes a page at a time, oldest submitted first across both kinds, with the totals; the page size is bounded', async () => {
    const admin = await logIn('admin@example.test');
    const queue = async (headers: Record<string, string>, query = '') => {
      const reply = await app.inject({ method: 'GET', url: `/api/staff/approvals${query}`, headers });
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json().data as {
        approvals: { kind: string; id: number; submitted_at: string }[];
        pagination: Record<string, number>;
      };
    };
    // The earlier tests decided what they asked for: the queue starts empty.
    expect(await queue(admin)).toEqual({
      approvals: [],
      pagination: {
        current_page: 1,
        total_pages: 1,
        total_records: 0,
        first_record_on_current_page: 0,
        last_record_on_current_page: 0,
      },
    });

    const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 9, minute));
    const freeze = async (venueId: number, email: string, minute: number) => {
      const { customer, membership } = await studentMember(venueId, email);
      const [row] = await t.db
        .insert(freezeRequests)
        .values({
          customerId: customer.id,
          membershipId: membership.id,
          freezeTypeId: medical.id,
          activeFrom: '2026-12-01',
          months: 1,
          createdAt: at(minute),
        })
        .returning();
      return `freeze_request ${row!.id}`;
    };
    const leedsMember = await studentMember(leeds.id, 'pages-leeds@example.test');
    const yorkMember = await studentMember(york.id, 'pages-york@example.test');
    const document = async (member: typeof leedsMember, minute: number) => {
      const [row] = await t.db
        .insert(eligibilityDocuments)
        .values({
          customerId: member.customer.id,
          membershipId: member.membership.id,
          criterionId: student.id,
          documentTypeId: card!.id,
          storageKey: `eligibility/pages-${minute}.pdf`,
          originalName: 'card.pdf',
          mimeType: 'application/pdf',
          sizeBytes: 13,
          createdAt: at(minute),
        })
        .returning();
      return `eligibility_document ${row!.id}`;
    };
    // Inserted out of order; two documents submitted at the same moment come by id.
    const lateYorkFreeze = await freeze(york.id, 'pages-f3@example.test', 5);
    const firstDocument = await document(leedsMember, 0);
    const tiedFirst = await document(leedsMember, 4);
    const tiedSecond = await document(leedsMember, 4);
    const firstFreeze = await freeze(leeds.id, 'pages-f1@example.test', 1);
    const yorkDocument = await document(yorkMember, 2);
    const secondFreeze = await freeze(leeds.id, 'pages-f2@example.test', 3);
    const inOrder = [
      firstDocument,
      firstFreeze,
      yorkDocument,
      secondFreeze,
      tiedFirst,
      tiedSecond,
      lateYorkFreeze,
    ];
    const keys = (page: { approvals: { kind: string; id: number }[] }) =>
      page.approvals.map((item) => `${item.kind} ${item.id}`);

    // The default page holds them all, oldest first.
    const all = await queue(admin);
    expect(keys(all)).toEqual(inOrder);
    expect(all.pagination).toMatchObject({ current_page: 1, total_pages: 1, total_records: 7 });

    const first = await queue(admin, '?per_page=2');
    expect(keys(first)).toEqual(inOrder.slice(0, 2));
    expect(first.pagination).toEqual({
      current_page: 1,
      total_pages: 4,
      total_records: 7,
      first_record_on_current_page: 1,
      last_record_on_current_page: 2,
    });
    const next = await queue(admin, '?page=2&per_page=2');
    expect(keys(next)).toEqual(inOrder.slice(2, 4));
    expect(next.pagination).toMatchObject({
      current_page: 2,
      first_record_on_current_page: 3,
      last_record_on_current_page: 4,
    });
    const last = await queue(admin, '?page=4&per_page=2');
    expect(keys(last)).toEqual(inOrder.slice(6));
    expect(last.pagination).toMatchObject({
      first_record_on_current_page: 7,
      last_record_on_current_page: 7,
    });
    // Each item once, whole: the pages put together are the queue.
    const pages = [first, next, await queue(admin, '?page=3&per_page=2'), last];
    expect(pages.flatMap((page) => page.approvals)).toEqual(all.approvals);

    // A page past the end is empty, with the totals (the console then shows the last page).
    expect(await queue(admin, '?page=5&per_page=2')).toEqual({
      approvals: [],
      pagination: {
        current_page: 5,
        total_pages: 4,
        total_records: 7,
        first_record_on_current_page: 0,
        last_record_on_current_page: 0,
      },
    });

    // A centre manager's pages and totals count only their venues' requests.
    const yorkManager = await logIn('york@example.test');
    const yorkQueue = await queue(yorkManager, '?per_page=1');
    expect(keys(yorkQueue)).toEqual([yorkDocument]);
    expect(yorkQueue.pagination).toMatchObject({ total_pages: 2, total_records: 2 });
    expect(keys(await queue(yorkManager, '?page=2&per_page=1'))).toEqual([lateYorkFreeze]);

    // Deciding the last page's only item: that page is now past the end, and the one before it is the last.
    const [kind, id] = lateYorkFreeze.split(' ');
    const decided = await app.inject({
      method: 'POST',
      url: `/api/staff/approvals/${kind}/${id}/decision`,
      headers: admin,
      payload: { decision: 'reject', reason: 'No note from a doctor' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const afterDecision = await queue(admin, '?page=4&per_page=2');
    expect(afterDecision.approvals).toEqual([]);
    expect(afterDecision.pagination).toMatchObject({ total_pages: 3, total_records: 6 });
    expect(keys(await queue(admin, '?page=3&per_page=2'))).toEqual([tiedFirst, tiedSecond]);

    // Too many a page, or no page at all: 422 with the field's message.
    for (const [query, field] of [
      [`?per_page=${APPROVALS_MAX_PAGE_SIZE + 1}`, 'per_page'],
      ['?per_page=0', 'per_page'],
      ['?page=0', 'page'],
      ['?page=two', 'page'],
    ] as const) {
      const refused = await app.inject({
        method: 'GET',
        url: `/api/staff/approvals${query}`,
        headers: admin,
      });
      expect(refused.statusCode, query).toBe(422);
      expect(refused.json().errors[field], query).toEqual([
        field === 'per_page'
          ? `Per page must be a whole number from 1 to ${APPROVALS_MAX_PAGE_SIZE}.`
          : 'Page must be a whole number, 1 or more.',
      ]);
    }

    // The front desk still may not see the queue.
    const desk = await logIn('desk@example.test');
    const refused = await app.inject({ method: 'GET', url: '/api/staff/approvals', headers: desk });
    expect(refused.statusCode).toBe(403);
  });
});
