import { documentFileParams } from '@fieldhouse/contract';
import {
  cancelMembership,
  changeMembership,
  freezeMembership,
  membershipCancelInfo,
  membershipChangeCosts,
  membershipChangeOptions,
  membershipFreezePreview,
  membershipFreezeTypes,
  membershipRenewalDetails,
  renewMembership,
  uploadEligibilityDocument,
} from '@fieldhouse/contract/routes/membership-management';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as cancellation from '../../services/memberships/cancellation.ts';
import {
  findDocumentFile,
  submitEligibilityDocument,
} from '../../services/memberships/eligibility-documents.ts';
import * as freeze from '../../services/memberships/freeze.ts';
import {
  findChangeOptions,
  quoteChange,
  submitChange,
} from '../../services/memberships/membership-change.ts';
import * as renewal from '../../services/memberships/renewal.ts';
import {
  type IncomingFile,
  receiveUpload,
  type StoredUpload,
  type UploadDeps,
} from '../../services/storage/index.ts';
import { declared, declaredUpload } from '../declared.ts';
import { handleUpload } from '../multipart.ts';

/**
 * Protected: change, renew, freeze and cancel one of the caller's memberships, and eligibility documents
 * (account-shell §4 Memberships, §7). Another customer's membership or document is always 404.
 */
const membershipManagementRoutes: FastifyPluginAsyncZod = async (app) => {
  const who = (request: { customer?: { id: number } | null }, membershipId: number) => ({
    customerId: request.customer!.id,
    membershipId,
    now: app.now(),
  });

  const tags = ['memberships'];

  app.route({
    ...declared(membershipChangeOptions, { tags }),
    handler: async (request) => ({ data: await findChangeOptions(app.db, who(request, request.params.id)) }),
  });

  app.route({
    ...declared(membershipChangeCosts, { tags }),
    handler: async (request) => ({
      data: await quoteChange(app.db, {
        ...who(request, request.params.id),
        paymentOptionId: request.params.paymentOptionId,
        startsAt: request.query.startsAt,
      }),
    }),
  });

  app.route({
    ...declared(changeMembership, { tags }),
    handler: async (request) => ({
      data: await submitChange(app.db, {
        ...who(request, request.params.id),
        paymentOptionId: request.body.payment_option_id,
        startsAt: request.body.starts_at,
      }),
    }),
  });

  app.route({
    ...declared(membershipRenewalDetails, { tags }),
    handler: async (request) => ({
      data: await renewal.findRenewalDetails(app.db, who(request, request.params.id)),
    }),
  });

  app.route({
    ...declared(renewMembership, { tags }),
    handler: async (request) => ({
      data: await renewal.renewMembership(app.db, who(request, request.params.id)),
    }),
  });

  app.route({
    ...declared(membershipCancelInfo, { tags }),
    handler: async (request) => ({
      data: await cancellation.findCancelInfo(app.db, who(request, request.params.id)),
    }),
  });

  app.route({
    ...declared(cancelMembership, { tags }),
    handler: async (request) => ({
      data: await cancellation.cancelMembership(app.db, who(request, request.params.id)),
    }),
  });

  app.route({
    ...declared(membershipFreezeTypes, { tags }),
    handler: async (request) => ({
      data: await freeze.findFreezeTypes(app.db, who(request, request.params.id)),
    }),
  });

  app.route({
    ...declared(membershipFreezePreview, { tags }),
    handler: async (request) => ({
      data: await freeze.previewFreeze(app.db, { ...who(request, request.params.id), fields: request.query }),
    }),
  });

  const uploadDeps = (request: FastifyRequest): UploadDeps => ({
    db: app.db,
    storage: app.storage,
    log: request.log,
    quota: app.config.uploadQuota,
  });
  /** Streams the file part into storage (after the early quota check); removed again if the request is refused. */
  const uploadOf = (request: FastifyRequest, area: 'eligibility' | 'freeze', field: string) => ({
    store: (file: IncomingFile) =>
      receiveUpload(uploadDeps(request), { customerId: request.customer!.id, area, field, file }),
    discard: (file: StoredUpload) => app.storage.delete(file.key),
  });

  const freezeUpload = declaredUpload(freezeMembership);
  app.route({
    ...declared(freezeMembership, { tags: ['memberships'] }),
    handler: async (request, reply) => {
      const data = await handleUpload(request, freezeUpload, {
        ...uploadOf(request, 'freeze', freezeUpload.file),
        use: (fields, file) =>
          freeze.freezeMembership(uploadDeps(request), { ...who(request, request.params.id), fields, file }),
      });
      return reply.code(201).send({ data });
    },
  });

  const documentUpload = declaredUpload(uploadEligibilityDocument);
  app.route({
    ...declared(uploadEligibilityDocument, { tags: ['memberships'] }),
    handler: async (request, reply) => {
      const data = await handleUpload(request, documentUpload, {
        ...uploadOf(request, 'eligibility', documentUpload.file),
        use: (fields, file) =>
          submitEligibilityDocument(uploadDeps(request), {
            customerId: request.customer!.id,
            fields,
            file,
            now: app.now(),
          }),
      });
      return reply.code(201).send({ data });
    },
  });

  app.get(
    '/api/eligibility/document/:id/file',
    { schema: { tags: ['memberships'], params: documentFileParams } },
    async (request, reply) => {
      const file = await findDocumentFile(app.db, app.storage, {
        customerId: request.customer!.id,
        documentId: request.params.id,
      });
      const safeName = file.filename.replace(/[^\w.\- ]/g, '_');
      if (file.size !== null) reply.header('content-length', file.size);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${safeName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
};
export default membershipManagementRoutes;
