/** The waivers domain's public functions: other services domains import only from here (decision 023). */
export { recordLatestSignature } from './waiver-service.ts';
