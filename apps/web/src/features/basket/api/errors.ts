import { DEFAULT_ERROR_TEXTS } from '@fieldhouse/contract/texts/common';
import { serverMessageOr } from '../../../lib/api/client';
import { TOAST_DURATION, toast } from '../../../lib/toast';

export const toastError = (error: unknown) =>
  toast.error(serverMessageOr(error, DEFAULT_ERROR_TEXTS.generic), { duration: TOAST_DURATION.default });
