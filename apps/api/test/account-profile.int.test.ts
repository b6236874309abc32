import {
  type Cart,
  cartReply,
  checkoutReply,
  MAX_PHOTO_BYTES,
  PROFILE_TEXTS,
  packagesReply,
  profilePhotoReply,
  userReply,
  waiverReply,
  waiversReply,
} from '@fieldhouse/contract';
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  activities,
  customerPackageVenues,
  customers,
  packageUsages,
  type WaiverAnswer,
  waiverSignatures,
  waivers,
  waiverVersions,
} from '../src/db/schema.ts';
import { venueDayMonthYear } from '../src/lib/venue-time.ts';
import { MemoryStorage } from '../src/services/storage/local-disk-storage.ts';
import {
  cardToken,
  createActivity,
  createClient,
  createCustomer,
  createPackage,
  createSession,
  createVenue,
  login,
  type Session,
  setupTestDatabase,
} from './helper.ts';

const DAY = 86_400_000;
const t = await setupTestDatabase();
const client = await createClient(t.db);
const leeds = await createVenue(t.db, { clientId: client.id, name: 'Leeds Central' });
const york = await createVenue(t.db, { clientId: client.id, name: 'York Baths' });
const storage = new MemoryStorage();
const app = await t.buildTestApp({ clientId: client.id }, { storage });

const me = await createCustomer(t.db, { clientId: client.id, firstName: 'Alex', lastName: 'Morgan' });
const other = await createCustomer(t.db, { clientId: client.id });
const mine = await login(app, me);
const theirs = await login(app, other);

const call = (who: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload }) });

// ---------------------------------------------------------------------------------------------------------------
// Files

// Real images: photos are decoded and re-encoded (sharp), so bytes that only start like a JPEG are refused.
const picture = sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6' } });
const JPEG = await picture.clone().jpeg().toBuffer();
const PNG = await picture.clone().png().toBuffer();
/** A real JPEG made exactly `total` bytes long with comment (COM) segments after its start marker. */
function paddedJpeg(total: number) {
  const segments: Buffer[] = [];
  let missing = total - JPEG.length;
  while (missing > 0) {
    // Up to 65,533 bytes of comment per segment; never leave less than a segment's 4-byte header to fill.
    const payload = missing <= 65_537 ? missing - 4 : missing - 65_537 < 4 ? 60_000 : 65_533;
    const segment = Buffer.alloc(4 + payload, 0x20);
    segment.writeUInt16BE(0xfffe, 0);
    segment.writeUInt16BE(payload + 2, 2);
    segments.push(segment);
    missing -= segment.length;
  }
  return Buffer.concat([JPEG.subarray(0, 2), ...segments, JPEG.subarray(2)]);
}
const GIF = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(500, 1)]);
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(500, 0)]);

function multipart(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = `----fh${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const upload = (
  who: Session,
  bytes: Buffer,
  { filename = 'photo.jpg', type = 'image/jpeg', field = 'photo', target = app } = {},
) => {
  const form = multipart(field, filename, type, bytes);
  return target.inject({
    method: 'POST',
    url: '/api/user/profile-photo',
    headers: { ...who.headers, 'content-type': form.contentType },
    payload: form.body,
  });
};

const userOf = async (who: Session) =>
  userReply.parse((await call(who, 'GET', '/api/auth/user')).json()).data;

describe('packages', () => {
  it("lists the caller's packages with area, sessions from usages, expiry and contents; never another's", async () => {
    const expiresAt = new Date(Date.now() + 30 * DAY);
    const yoga = await createPackage(t.db, {
      customerId: me.id,
      description: 'Ten classes',
      sessionsIncluded: 10,
      sessionsRemaining: 7,
      expiresAt,
    });
    await t.db
      .insert(packageUsages)
      .values([1, 2, 3].map(() => ({ customerPackageId: yoga.id })))
      .returning();
    await t.db.insert(packageUsages).values({ customerPackageId: yoga.id, returnedAt: new Date() });
    const swim = await createPackage(t.db, {
      customerId: me.id,
      name: '5 Swim Pass',
      activityCategory: 'Aquatics',
      sessionsIncluded: 5,
      sessionsRemaining: 5,
      expiresAt: null,
    });
    await t.db.insert(customerPackageVenues).values([
      { customerPackageId: swim.id, venueId: york.id },
      { customerPackageId: swim.id, venueId: leeds.id },
    ]);
    const hidden = await createPackage(t.db, { customerId: other.id, name: 'Not yours' });

    const response = await call(mine, 'GET', '/api/promotions/user/packages');
    expect(response.statusCode).toBe(200);
    const list = packagesReply.parse(response.json()).data;
    expect(list.map((p) => p.id).sort()).toEqual([yoga.id, swim.id].sort());
    expect(list.find((p) => p.id === yoga.id)).toMatchObject({
      area: 'All centres',
      name: '10 Yoga Class Pass',
      description: 'Ten classes',
      price: { raw: 5500, formatted: '£55.00' },
      expires: venueDayMonthYear(expiresAt),
      sessions_included: 10,
      sessions_remaining: 7,
      contents: [{ usages: 10, concatenated_name: 'Mind & Body activities', remaining: 7 }],
    });
    expect(list.find((p) => p.id === swim.id)).toMatchObject({
      area: 'Leeds Central, York Baths',
      expires: null,
      sessions_remaining: 5,
    });
    expect(list.some((p) => p.id === hidden.id)).toBe(false);
    expect(
      packagesReply.parse((await call(theirs, 'GET', '/api/promotions/user/packages')).json()).data,
    ).toEqual([expect.objectContaining({ id: hidden.id })]);
    expect((await app.inject({ method: 'GET', url: '/api/promotions/user/packages' })).statusCode).toBe(401);
  });
});

describe('profile photo', () => {
  it('stores a JPEG under a server-made key, serves it to its owner only, replaces and deletes it', async () => {
    expect((await userOf(mine)).profile_photo).toEqual({
      url: null,
      is_set: false,
      authorisation: { allowed: true },
      reminder: { dismissed: false },
    });
    const before = storage.size;
    const response = await upload(mine, JPEG, { filename: '../../etc/passwd.jpg' });
    expect(response.statusCode, response.body).toBe(201);
    const photo = profilePhotoReply.parse(response.json()).data;
    expect(photo).toMatchObject({ is_set: true, authorisation: { allowed: true } });
    expect(photo.url).toMatch(/^\/api\/user\/profile-photo\/[a-f0-9]{32}\.jpg$/);
    expect(storage.size).toBe(before + 1);
    expect((await userOf(mine)).profile_photo.url).toBe(photo.url);

    const image = await call(mine, 'GET', photo.url!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toContain('private');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    // The photo is served as stored: re-encoded from the upload (same picture, no metadata).
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    // Another customer, a guessed name, no session: 404 / 401.
    expect((await call(theirs, 'GET', photo.url!)).statusCode).toBe(404);
    expect((await call(mine, 'GET', '/api/user/profile-photo/0123456789abcdef.jpg')).statusCode).toBe(404);
    expect((await call(mine, 'GET', '/api/user/profile-photo/..%2F..%2Fsecret.jpg')).statusCode).not.toBe(
      200,
    );
    expect((await app.inject({ method: 'GET', url: photo.url! })).statusCode).toBe(401);

    // A PNG replaces it: the old file is deleted after the commit.
    const replaced = await upload(mine, PNG, { filename: 'me.png', type: 'image/png' });
    expect(replaced.statusCode).toBe(201);
    const png = profilePhotoReply.parse(replaced.json()).data;
    expect(png.url).toMatch(/\.png$/);
    expect(storage.size).toBe(before + 1);
    expect((await call(mine, 'GET', photo.url!)).statusCode).toBe(404);
    expect((await call(mine, 'GET', png.url!)).headers['content-type']).toBe('image/png');

    const deleted = await call(mine, 'DELETE', '/api/user/profile-photo');
    expect(deleted.statusCode).toBe(200);
    expect(profilePhotoReply.parse(deleted.json()).data).toMatchObject({ url: null, is_set: false });
    expect(storage.size).toBe(before);
    expect((await call(mine, 'GET', png.url!)).statusCode).toBe(404);
    expect((await call(mine, 'DELETE', '/api/user/profile-photo')).statusCode).toBe(200);
  });

  it('refuses a photo over 5,000,000 bytes, a GIF and an executable named .jpg, storing nothing', async () => {
    const customer = await createCustomer(t.db, { clientId: client.id });
    const who = await login(app, customer);
    const before = storage.size;
    const tooBig = Buffer.concat([JPEG.subarray(0, 4), Buffer.alloc(MAX_PHOTO_BYTES - 3, 1)]);
    expect(tooBig.length).toBe(MAX_PHOTO_BYTES + 1);
    const cases = [
      { bytes: tooBig, message: PROFILE_TEXTS.photoTooLarge },
      { bytes: GIF, filename: 'cat.gif', type: 'image/gif', message: PROFILE_TEXTS.photoType },
      { bytes: EXE, filename: 'photo.jpg', type: 'image/jpeg', message: PROFILE_TEXTS.photoType },
      { bytes: Buffer.alloc(0), message: PROFILE_TEXTS.photoType },
      { bytes: JPEG, field: 'document', message: PROFILE_TEXTS.photoType },
    ];
    for (const { message, ...input } of cases) {
      const response = await upload(who, input.bytes, input);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toEqual({ message, errors: { photo: [message] } });
    }
    // Exactly the limit is fine.
    const atLimit = paddedJpeg(MAX_PHOTO_BYTES);
    expect(atLimit.length).toBe(MAX_PHOTO_BYTES);
    expect(storage.size).toBe(before);
    expect((await userOf(who)).profile_photo.is_set).toBe(false);
    const [row] = await t.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row!.profilePhotoPath).toBeNull();
    expect((await upload(who, atLimit)).statusCode).toBe(201);
    expect(storage.size).toBe(before + 1);
    // Not multipart at all.
    expect((await call(who, 'POST', '/api/user/profile-photo', { photo: 'x' })).statusCode).toBe(415);
  });

  it('remembers a dismissed reminder on the server', async () => {
    const response = await call(mine, 'PUT', '/api/user/profile-photo/reminder', { dismissed: true });
    expect(response.statusCode).toBe(200);
    expect(profilePhotoReply.parse(response.json()).data.reminder).toEqual({ dismissed: true });
    expect((await userOf(mine)).profile_photo.reminder.dismissed).toBe(true);
    expect((await userOf(theirs)).profile_photo.reminder.dismissed).toBe(false);
    expect(
      (await call(mine, 'PUT', '/api/user/profile-photo/reminder', { dismissed: false })).statusCode,
    ).toBe(422);
  });

  it("answers 403 while the client's profile_photo feature is off", async () => {
    const offClient = await createClient(t.db, {
      features: {
        online_joining: true,
        online_joining_map: true,
        online_guest_passes: true,
        credits: true,
        activities_v2: true,
        profile_photo: false,
      },
    });
    const offApp = await t.buildTestApp({ clientId: offClient.id }, { storage });
    const customer = await createCustomer(t.db, { clientId: offClient.id });
    const who = await login(offApp, customer);
    const before = storage.size;
    expect((await upload(who, JPEG, { target: offApp })).statusCode).toBe(403);
    expect(storage.size).toBe(before);
    const user = userReply.parse(
      (await offApp.inject({ method: 'GET', url: '/api/auth/user', headers: who.headers })).json(),
    );
    expect(user.data.profile_photo.authorisation.allowed).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Waivers

async function createWaiver(input: {
  clientId?: number;
  title: string;
  type?: 'simple' | 'enhanced-pre-waiver';
  validForMonths?: number | null;
  versions?: string[];
}) {
  const [waiver] = await t.db
    .insert(waivers)
    .values({
      clientId: input.clientId ?? client.id,
      restrictionName: input.title.replace(/ waiver$/, ''),
      type: input.type ?? 'simple',
      title: input.title,
      validForMonths: input.validForMonths === undefined ? 12 : input.validForMonths,
    })
    .returning();
  const versions = input.versions ?? ['<p>Take care.</p>'];
  await t.db.insert(waiverVersions).values(
    versions.map((bodyHtml, i) => ({
      waiverId: waiver!.id,
      version: i + 1,
      bodyHtml,
      questions:
        input.type === 'enhanced-pre-waiver'
          ? [{ id: 1, label: 'Attendee name', type: 'text', reference: 'attendee_name' }]
          : [],
    })),
  );
  return waiver!;
}

async function signAs(
  customerId: number,
  waiverId: number,
  values: {
    version?: number;
    signedAt?: Date;
    expiresAt?: Date | null;
    attendeeName?: string;
    answers?: WaiverAnswer[];
  } = {},
) {
  const signedAt = values.signedAt ?? new Date(Date.now() - 10 * DAY);
  await t.db.insert(waiverSignatures).values({
    customerId,
    waiverId,
    version: values.version ?? 1,
    signedAt,
    expiresAt: values.expiresAt === undefined ? new Date(signedAt.getTime() + 365 * DAY) : values.expiresAt,
    attendeeName: values.attendeeName ?? null,
    answers: values.answers ?? [],
  });
}

const signaturesOf = (customerId: number, waiverId: number) =>
  t.db
    .select()
    .from(waiverSignatures)
    .where(and(eq(waiverSignatures.customerId, customerId), eq(waiverSignatures.waiverId, waiverId)));

describe('waivers', () => {
  it('opens one attendee of an enhanced waiver by name, and 404s a name never signed for', async () => {
    const customer = await createCustomer(t.db, { clientId: client.id });
    const who = await login(app, customer);
    const waiver = await createWaiver({ title: 'Family swim waiver', type: 'enhanced-pre-waiver' });
    await signAs(customer.id, waiver.id, {
      attendeeName: 'Sam Morgan',
      signedAt: new Date(Date.now() - 20 * DAY),
    });
    await signAs(customer.id, waiver.id, {
      attendeeName: 'Ruby Morgan',
      signedAt: new Date(Date.now() - 5 * DAY),
    });
    const open = async (attendee: string) =>
      call(who, 'GET', `/api/my-account/user/waivers/${waiver.id}?attendee=${encodeURIComponent(attendee)}`);
    const sam = await open('Sam Morgan');
    expect(sam.statusCode).toBe(200);
    expect(waiverReply.parse(sam.json()).data.attendee?.name).toBe('Sam Morgan');
    expect(waiverReply.parse((await open('Ruby Morgan')).json()).data.attendee?.name).toBe('Ruby Morgan');
    expect((await open('Someone Else')).statusCode).toBe(404);
  });

  it('lists signed waivers grouped per waiver, attendees of enhanced ones, leaves expired ones out', async () => {
    const customer = await createCustomer(t.db, { clientId: client.id });
    const who = await login(app, customer);
    expect(waiversReply.parse((await call(who, 'GET', '/api/my-account/user/waivers')).json()).data).toEqual(
      [],
    );

    const pump = await createWaiver({
      title: 'Pump waiver',
      versions: ['<p>Version one</p><script>alert(1)</script>', '<p>Version two</p>'],
    });
    await signAs(customer.id, pump.id, { version: 1 });
    const swim = await createWaiver({
      title: 'Junior swim waiver',
      type: 'enhanced-pre-waiver',
      validForMonths: null,
    });
    const nameQuestion = { id: 1, label: 'Attendee name', type: 'text', reference: 'attendee_name' };
    const medical = { id: 2, label: 'Medical conditions', type: 'text', reference: 'medical' };
    for (const name of ['Sam Morgan', 'Ruby Morgan']) {
      await signAs(customer.id, swim.id, {
        attendeeName: name,
        expiresAt: null,
        answers: [
          { question: nameQuestion, answers: [{ id: 1, answer: name }] },
          { question: medical, answers: [{ id: 2, answer: 'None' }] },
        ],
      });
    }
    const climbing = await createWaiver({ title: 'Climbing waiver' });
    await signAs(customer.id, climbing.id, {
      signedAt: new Date(Date.now() - 400 * DAY),
      expiresAt: new Date(Date.now() - 35 * DAY),
    });

    const response = await call(who, 'GET', '/api/my-account/user/waivers');
    expect(response.statusCode).toBe(200);
    const list = waiversReply.parse(response.json()).data;
    expect(list.map((e) => e.restriction.name)).toEqual(['Junior swim', 'Pump']);
    const [swimEntry, pumpEntry] = list;
    expect(pumpEntry!.restriction).toEqual({ id: pump.id, name: 'Pump', type: 'simple' });
    expect(pumpEntry!.waivers).toHaveLength(1);
    expect(pumpEntry!.waivers[0]).toMatchObject({ id: pump.id, attendee: null, expired: false });
    expect(pumpEntry!.waivers[0]!.signed).not.toBeNull();
    expect(pumpEntry!.waivers[0]!.expires?.date.full_date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(pumpEntry!.waivers[0]!.terms).toBe('<p>Version one</p>');
    expect(swimEntry!.restriction.type).toBe('enhanced-pre-waiver');
    expect(swimEntry!.waivers.map((w) => w.attendee).sort()).toEqual(['Ruby Morgan', 'Sam Morgan']);
    expect(swimEntry!.waivers[0]!.expires).toBeNull();
    expect(swimEntry!.waivers[0]!.questions).toHaveLength(2);

    // The waiver page: the latest version, sanitised; only version 1 signed, so it offers version 2.
    const page = waiverReply.parse(
      (await call(who, 'GET', `/api/my-account/user/waivers/${pump.id}`)).json(),
    ).data;
    expect(page).toMatchObject({
      id: pump.id,
      type: 'simple',
      title: 'Pump waiver',
      body: '<p>Version two</p>',
      version: 2,
      signed_on: null,
      expired: false,
      attendee: null,
    });
    const swimPage = waiverReply.parse(
      (await call(who, 'GET', `/api/my-account/user/waivers/${swim.id}`)).json(),
    ).data;
    expect(swimPage.attendee).toMatchObject({ expires: null });
    expect(['Sam Morgan', 'Ruby Morgan']).toContain(swimPage.attendee!.name);
    expect(swimPage.attendee!.questions.map((q) => q.question.reference)).toEqual(['medical']);
    // The expired one: 'This waiver has expired'.
    const climbingPage = waiverReply.parse(
      (await call(who, 'GET', `/api/my-account/user/waivers/${climbing.id}`)).json(),
    ).data;
    expect(climbingPage).toMatchObject({ expired: true, signed_on: null });
  });

  it('signs the latest version, recording who, which version and when; signing again changes nothing', async () => {
    const customer = await createCustomer(t.db, { clientId: client.id, firstName: 'Jo', lastName: 'Bloggs' });
    const who = await login(app, customer);
    const pump = await createWaiver({ title: 'Spin waiver', versions: ['<p>One</p>', '<p>Two</p>'] });
    await signAs(customer.id, pump.id, { version: 1 });
    const before = Date.now();
    const response = await call(who, 'POST', `/api/my-account/user/waivers/${pump.id}/sign`);
    expect(response.statusCode, response.body).toBe(200);
    const signed = waiverReply.parse(response.json()).data;
    expect(signed.signed_on).toBe(venueDayMonthYear(new Date()));
    expect(signed.version).toBe(2);
    const rows = (await signaturesOf(customer.id, pump.id)).sort((a, b) => a.version - b.version);
    expect(rows.map((r) => r.version)).toEqual([1, 2]);
    const latest = rows[1]!;
    expect(latest.signedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(latest.signedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(latest.expiresAt!.getTime() - latest.signedAt.getTime()).toBeGreaterThan(360 * DAY);
    expect(latest.attendeeName).toBeNull();

    const again = await call(who, 'POST', `/api/my-account/user/waivers/${pump.id}/sign`);
    expect(again.statusCode).toBe(200);
    expect(await signaturesOf(customer.id, pump.id)).toHaveLength(2);

    // An enhanced pre-waiver signed here is signed for the caller as the attendee.
    const junior = await createWaiver({ title: 'Kids waiver', type: 'enhanced-pre-waiver' });
    const activity = await createActivity(t.db, {
      venueId: leeds.id,
      waiverId: junior.id,
      requiresWaiver: true,
    });
    const kids = await createSession(t.db, {
      venueId: leeds.id,
      startsAt: new Date(Date.now() + 2 * DAY),
      activityId: activity.id,
    });
    expect(
      (await call(who, 'POST', '/api/cart/add', { items: [{ id: kids.session.id, type: 'activity' }] }))
        .statusCode,
    ).toBe(200);
    const juniorSigned = waiverReply.parse(
      (await call(who, 'POST', `/api/my-account/user/waivers/${junior.id}/sign`)).json(),
    ).data;
    expect(juniorSigned.attendee).toMatchObject({ name: 'Jo Bloggs', questions: [] });
    const [juniorRow] = await signaturesOf(customer.id, junior.id);
    expect(juniorRow).toMatchObject({ version: 1, attendeeName: 'Jo Bloggs' });
    expect(juniorRow!.answers[0]!.question.reference).toBe('attendee_name');
  });

  it("never shows or signs another customer's or another client's waiver (404)", async () => {
    const customer = await createCustomer(t.db, { clientId: client.id });
    const who = await login(app, customer);
    const private_ = await createWaiver({ title: 'Sauna waiver' });
    await signAs(other.id, private_.id, { attendeeName: undefined });
    const elsewhere = await createClient(t.db);
    const foreign = await createWaiver({ clientId: elsewhere.id, title: 'Foreign waiver' });

    for (const id of [private_.id, foreign.id, 999_999]) {
      const page = await call(who, 'GET', `/api/my-account/user/waivers/${id}`);
      expect(page.statusCode).toBe(404);
      expect(page.json()).toEqual({ message: PROFILE_TEXTS.waiverNotFound });
      expect((await call(who, 'POST', `/api/my-account/user/waivers/${id}/sign`)).statusCode).toBe(404);
    }
    expect(await signaturesOf(customer.id, private_.id)).toHaveLength(0);
    const list = waiversReply.parse((await call(who, 'GET', '/api/my-account/user/waivers')).json()).data;
    expect(list).toEqual([]);
    expect((await call(who, 'GET', '/api/my-account/user/waivers/abc')).statusCode).toBe(422);
    expect((await app.inject({ method: 'GET', url: '/api/my-account/user/waivers' })).statusCode).toBe(401);
  });

  it('checkout refuses an activity whose waiver is unsigned, and succeeds once it is signed', async () => {
    const customer = await createCustomer(t.db, { clientId: client.id });
    const who = await login(app, customer);
    const waiver = await createWaiver({ title: 'Body Pump participation waiver' });
    const activity = await createActivity(t.db, {
      venueId: leeds.id,
      name: 'Body Pump',
      waiverId: waiver.id,
      requiresWaiver: true,
    });
    const pump = await createSession(t.db, {
      venueId: leeds.id,
      startsAt: new Date(Date.now() + 30 * 3_600_000),
      activityId: activity.id,
    });
    const added = await call(who, 'POST', '/api/cart/add', {
      items: [{ id: pump.session.id, type: 'activity' }],
    });
    expect(added.statusCode).toBe(200);
    let cart = cartReply.parse(added.json()).data as Cart;
    expect(cart.attendee_waivers_required).toBe(true);
    expect(cart.items[0]!.cartable_resource.requires_waiver).toBe(true);

    // The basket makes it a waiver the customer needs: listed unsigned, page and signing reachable.
    const list = waiversReply.parse((await call(who, 'GET', '/api/my-account/user/waivers')).json()).data;
    expect(list).toEqual([
      expect.objectContaining({
        restriction: { id: waiver.id, name: 'Body Pump participation', type: 'simple' },
        waivers: [expect.objectContaining({ id: waiver.id, signed: null, expired: false, expires: null })],
      }),
    ]);

    const token = await cardToken(app);
    const refused = await call(who, 'POST', '/api/checkout/complete', {
      terms: true,
      cart_version: cart.version,
      payment_method: { type: 'token', token },
    });
    const message = 'Please sign the Body Pump participation waiver before booking Body Pump.';
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message, errors: { completed_waivers: [message] } });

    // An expired signature does not count.
    await signAs(customer.id, waiver.id, {
      signedAt: new Date(Date.now() - 400 * DAY),
      expiresAt: new Date(Date.now() - DAY),
    });
    expect(cartReply.parse((await call(who, 'GET', '/api/cart')).json()).data.attendee_waivers_required).toBe(
      true,
    );

    expect((await call(who, 'POST', `/api/my-account/user/waivers/${waiver.id}/sign`)).statusCode).toBe(200);
    cart = cartReply.parse((await call(who, 'GET', '/api/cart')).json()).data as Cart;
    expect(cart.attendee_waivers_required).toBe(false);
    const done = await call(who, 'POST', '/api/checkout/complete', {
      terms: true,
      cart_version: cart.version,
      payment_method: { type: 'token', token: await cardToken(app) },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(checkoutReply.parse(done.json()).data.status).toBe('completed');
    const [row] = await t.db.select().from(activities).where(eq(activities.id, activity.id));
    expect(row!.requiresWaiver).toBe(true);
  });
  it('accepting the waiver at checkout (completed_waivers) signs its latest version with the order', async () => {
    const customer = await createCustomer(t.db, { clientId: client.id });
    const who = await login(app, customer);
    const waiver = await createWaiver({ title: 'Spin studio waiver' });
    const activity = await createActivity(t.db, {
      venueId: leeds.id,
      name: 'Spin',
      waiverId: waiver.id,
      requiresWaiver: true,
    });
    const spin = await createSession(t.db, {
      venueId: leeds.id,
      startsAt: new Date(Date.now() + 30 * 3_600_000),
      activityId: activity.id,
    });
    const added = await call(who, 'POST', '/api/cart/add', {
      items: [{ id: spin.session.id, type: 'activity' }],
    });
    const cart = cartReply.parse(added.json()).data as Cart;
    const done = await call(who, 'POST', '/api/checkout/complete', {
      terms: true,
      cart_version: cart.version,
      completed_waivers: [cart.items[0]!.id],
      payment_method: { type: 'token', token: await cardToken(app) },
    });
    expect(done.statusCode, done.body).toBe(200);
    const signatures = await t.db
      .select()
      .from(waiverSignatures)
      .where(and(eq(waiverSignatures.customerId, customer.id), eq(waiverSignatures.waiverId, waiver.id)));
    expect(signatures).toHaveLength(1);
    const [latest] = await t.db
      .select({ version: waiverVersions.version })
      .from(waiverVersions)
      .where(eq(waiverVersions.waiverId, waiver.id))
      .orderBy(desc(waiverVersions.version))
      .limit(1);
    expect(signatures[0]!.version).toBe(latest!.version);
  });
});
