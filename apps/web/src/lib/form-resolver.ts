/** The one way forms validate with the contract's zod schemas (zod runs without eval: see zod-jitless.ts). */
export { zodResolver } from '@hookform/resolvers/zod';
