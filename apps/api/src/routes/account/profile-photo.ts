import { MAX_PHOTO_BYTES, PROFILE_TEXTS, photoFileParams } from '@fieldhouse/contract';
import {
  deleteProfilePhoto,
  dismissPhotoReminder,
  uploadProfilePhoto,
} from '@fieldhouse/contract/routes/account';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fieldError, forbidden, notFound } from '../../lib/http-errors.ts';
import * as profilePhoto from '../../services/customers/profile-photo.ts';
import type { IncomingFile } from '../../services/storage/upload-check.ts';
import { declared, declaredUpload } from '../declared.ts';
import { requireClient } from '../request-helpers.ts';

const PHOTO_PART = declaredUpload(uploadProfilePhoto).file;

/**
 * The one file of a multipart request, still streaming (cut one byte past MAX_PHOTO_BYTES so the service can tell a
 * file that is too big); anything that is not a multipart upload of a `photo` file is refused as not an image.
 */
async function readPhoto(request: FastifyRequest): Promise<IncomingFile> {
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({
      limits: { files: 1, fileSize: MAX_PHOTO_BYTES + 1, fields: 5, fieldSize: 1_000 },
      throwFileSizeLimit: false,
    });
  } catch {
    throw fieldError('photo', PROFILE_TEXTS.photoType);
  }
  if (part?.fieldname !== PHOTO_PART) {
    part?.file.resume();
    throw fieldError('photo', PROFILE_TEXTS.photoType);
  }
  return { filename: part.filename, mimetype: part.mimetype, stream: part.file };
}

/** Protected: the caller's profile photo (account-shell §2 Profile photo modal, §7 user/profile-photo). */
const profilePhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, storage: app.storage, quota: app.config.uploadQuota });

  app.route({
    ...declared(uploadProfilePhoto, { tags: ['account'] }),
    handler: async (request, reply) => {
      const client = await requireClient(app);
      if (!client.features.profile_photo) throw forbidden();
      const file = await readPhoto(request);
      const photo = await profilePhoto.saveProfilePhoto(deps(), {
        customerId: request.customer!.id,
        client,
        file,
      });
      return reply.code(201).send({ data: photo });
    },
  });

  app.route({
    ...declared(deleteProfilePhoto, { tags: ['account'] }),
    handler: async (request) => {
      const client = await requireClient(app);
      return {
        data: await profilePhoto.deleteProfilePhoto(deps(), { customerId: request.customer!.id, client }),
      };
    },
  });

  app.route({
    ...declared(dismissPhotoReminder, { tags: ['account'] }),
    handler: async (request) => {
      const client = await requireClient(app);
      return {
        data: await profilePhoto.dismissPhotoReminder(app.db, { customerId: request.customer!.id, client }),
      };
    },
  });

  app.get(
    '/api/user/profile-photo/:file',
    { schema: { tags: ['account'], params: photoFileParams } },
    async (request, reply) => {
      const file = await profilePhoto.findProfilePhotoFile(deps(), {
        customerId: request.customer!.id,
        file: request.params.file,
      });
      if (!file) throw notFound();
      if (file.size !== null) reply.header('content-length', file.size);
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );
};
export default profilePhotoRoutes;
