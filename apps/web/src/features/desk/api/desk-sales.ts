import { getCustomQuestions } from '@fieldhouse/contract/routes/joining';
import { getDeskSales, sellDeskMembership } from '@fieldhouse/contract/routes/staff-desk-basket';
import type { deskSalesReply, sellDeskMembershipBody } from '@fieldhouse/contract/staff-desk-basket';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Camel, call } from '../../../lib/api/client';
import { deskBasketQueryKey } from './desk-basket';

export type DeskSales = Camel<z.infer<typeof deskSalesReply>['data']>;
export type DeskMembershipSale = DeskSales['memberships'][number];
export type SellMembershipBody = Camel<z.input<typeof sellDeskMembershipBody>>;

export const deskSalesQueryKey = (customerId: number, venueId: number | null) =>
  ['staff', 'desk', 'sales', customerId, venueId] as const;

/** GET staff/desk/customers/:id/sales?venue_id: the memberships the customer may buy at the desk's venue, priced. */
export const useDeskSales = (customerId: number, venueId: number | null) =>
  useQuery(
    queryOptions({
      queryKey: deskSalesQueryKey(customerId, venueId),
      queryFn: ({ signal }) =>
        call(getDeskSales, { params: { id: customerId }, query: { venueId: venueId! }, signal }),
      enabled: venueId !== null,
    }),
  );

/** GET custom-questions/memberships/:id: the questions joining asks with this membership (the desk asks them too). */
export const useMembershipQuestions = (membershipTypeId: number) =>
  useQuery(
    queryOptions({
      queryKey: ['staff', 'desk', 'custom-questions', membershipTypeId] as const,
      queryFn: ({ signal }) => call(getCustomQuestions, { params: { id: membershipTypeId }, signal }),
    }),
  );

/**
 * POST staff/desk/customers/:id/memberships: the membership into the customer's basket by the online purchase's
 * rules (a mandate through the direct-debit provider when it is monthly and they have none). Answers the basket.
 */
export function useSellMembership(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SellMembershipBody) => call(sellDeskMembership, { params: { id: customerId }, body }),
    onSuccess: (cart) => {
      queryClient.setQueryData(deskBasketQueryKey(customerId), cart);
      void queryClient.invalidateQueries({ queryKey: ['staff', 'desk', 'sales', customerId] });
    },
  });
}
