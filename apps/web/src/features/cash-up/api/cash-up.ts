import type { cashUpReply, tillSessionReply, tillsReply } from '@fieldhouse/contract/cash-up';
import {
  adjustTillSession,
  closeCashUpDay,
  closeTill,
  createTill,
  listCashUp,
  listTills,
  openTill,
  updateTill,
} from '@fieldhouse/contract/routes/cash-up';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Camel, call } from '../../../lib/api/client';

export type TillList = Camel<z.infer<typeof tillsReply>['data']>;
export type Till = TillList['tills'][number];
export type TillSessionView = Camel<z.infer<typeof tillSessionReply>['data']['session']>;
export type CashUpPage = Camel<z.infer<typeof cashUpReply>['data']>;
export type CashUpDayView = CashUpPage['days'][number];

const CASH_UP_KEY = ['staff', 'cash-up'] as const;

/** GET staff/tills?venue_id=: the venue's tills with their open sessions. */
export const tillsQueryOptions = (venueId: number) =>
  queryOptions({
    queryKey: [...CASH_UP_KEY, 'tills', venueId],
    queryFn: ({ signal }) => call(listTills, { query: { venueId }, signal }),
  });
export const useTills = (venueId: number | null) =>
  useQuery({ ...tillsQueryOptions(venueId ?? 0), enabled: venueId !== null });

/** GET staff/cash-up?venue_id=&page=: the venue's cash-up by day, newest first (the last 30 days). */
export const useCashUpDays = (venueId: number | null, page: number) =>
  useQuery({
    queryKey: [...CASH_UP_KEY, 'days', venueId, page],
    queryFn: ({ signal }) => call(listCashUp, { query: { venueId: venueId ?? undefined, page }, signal }),
    enabled: venueId !== null,
    placeholderData: keepPreviousData,
  });

/** Every cash-up write: the tills and the days reload. */
function useCashUpWrite<I, O>(write: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => queryClient.invalidateQueries({ queryKey: CASH_UP_KEY }),
  });
}

export function useOpenTill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { tillId: number; float: number }) =>
      call(openTill, { params: { id: input.tillId }, body: { float: input.float } }),
    onSuccess: (reply) => queryClient.removeQueries({ queryKey: lastClosedKey(reply.session.tillId) }),
    onSettled: () => queryClient.invalidateQueries(notLastClosed),
  });
}

export interface CountInput {
  sessionId: number;
  cash: number;
  denominations?: { value: number; count: number }[];
  cheques: number;
  chequeCount: number;
  vouchers: number;
  voucherCount: number;
  note?: string;
}
const lastClosedKey = (tillId: number) => [...CASH_UP_KEY, 'last-closed', tillId] as const;
const notLastClosed = {
  queryKey: CASH_UP_KEY,
  predicate: (q: { queryKey: readonly unknown[] }) => q.queryKey[2] !== 'last-closed',
};

/** The session this page just closed at a till (kept in the query cache, so the result outlives a re-render). */
export const useLastClosed = (tillId: number) =>
  useQuery({
    queryKey: lastClosedKey(tillId),
    queryFn: (): TillSessionView | null => null,
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useCloseTill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sessionId, ...body }: CountInput) => call(closeTill, { params: { id: sessionId }, body }),
    onSuccess: (reply) => queryClient.setQueryData(lastClosedKey(reply.session.tillId), reply.session),
    onSettled: () => queryClient.invalidateQueries(notLastClosed),
  });
}

export const useAdjustTill = () =>
  useCashUpWrite(
    (input: {
      sessionId: number;
      tender: 'cash' | 'cheque' | 'offline-voucher';
      amount: number;
      reason: string;
    }) =>
      call(adjustTillSession, {
        params: { id: input.sessionId },
        body: { tender: input.tender, amount: input.amount, reason: input.reason },
      }),
  );

export const useCreateTill = () =>
  useCashUpWrite((input: { venueId: number; name: string }) => call(createTill, { body: input }));

export const useUpdateTill = () =>
  useCashUpWrite((input: { tillId: number; name?: string; archived?: boolean }) =>
    call(updateTill, { params: { id: input.tillId }, body: { name: input.name, archived: input.archived } }),
  );

export const useCloseDay = () =>
  useCashUpWrite((input: { venueId: number; date: string }) => call(closeCashUpDay, { body: input }));
