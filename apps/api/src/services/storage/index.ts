/** The storage domain's public functions: other services domains import only from here (decision 023). */
export type { FileStorage, StoredFile } from './file-storage.ts';
export type { IncomingFile, StoredUpload } from './upload-check.ts';
export { assertUploadQuota, lockUploadQuota, type UploadQuota } from './upload-quota.ts';
export { receiveUpload, storePhoto, storeUpload, type UploadDeps } from './upload-stream.ts';
