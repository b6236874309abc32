/** The customers domain's public functions: other services domains import only from here (decision 023). */
export { toProfilePhoto } from './profile-photo.ts';
export { checkTermsAccepted, hashNewPassword, nextCustomerReference, registerCustomer } from './register.ts';
