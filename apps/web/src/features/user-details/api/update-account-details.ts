import { useUpdateUser } from '../../../api/update-user';
import { dataFieldsKey, ONBOARDING_TYPE } from './get-data-fields';

/**
 * PUT my-account/user/update?onboarding_type=customer_account_online: the answers keyed by path (empty ones left
 * out) with the form's checksum. Paths are already snake_case, so the client's key codec leaves them as they are.
 */
export const useUpdateAccountDetails = () => useUpdateUser(ONBOARDING_TYPE, dataFieldsKey);
