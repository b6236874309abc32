import { useUpdateUser } from '../../../api/update-user';
import { ONBOARDING_TYPE } from './keys';

/**
 * PUT my-account/user/update?onboarding_type=membership_purchase: the data-field answers keyed by path (empty
 * ones left out) with the form's checksum. Keys are sent as they are (paths are already snake_case).
 */
export const useUpdateUserDetails = () => useUpdateUser(ONBOARDING_TYPE, ['joining', 'data-fields']);
