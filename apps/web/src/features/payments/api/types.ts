import type {
  creditBalanceReply,
  creditTransactionsReply,
  ordersReply,
  updateSavedCardBody,
  CreditTransaction as WireCreditTransaction,
  Penalty as WirePenalty,
} from '@fieldhouse/contract';
import type { z } from 'zod';
import type { Camel } from '../../../lib/api/client';

export type Penalty = Camel<WirePenalty>;
export type CreditBalance = Camel<z.infer<typeof creditBalanceReply>['data']>;
export type CreditTransaction = Camel<WireCreditTransaction>;
export type CreditHistory = Camel<z.infer<typeof creditTransactionsReply>['data']>;
export type CreditType = 'added' | 'spent';
export type OrderPage = Camel<z.infer<typeof ordersReply>['data']>;
export type OrderSummary = OrderPage['orders'][number];
/** The update body is sent exactly as the contract spells it (address_line_1 has an underscore before the digit). */
export type UpdateSavedCardBody = z.input<typeof updateSavedCardBody>;
