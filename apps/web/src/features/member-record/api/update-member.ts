import {
  addStaffMemberNote,
  inviteStaffMember,
  setStaffMemberFlag,
  updateStaffMember,
} from '@fieldhouse/contract/routes/staff-members';
import type { CustomerFlag, MemberDetailsBody } from '@fieldhouse/contract/staff-members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { toCamel } from '../../../lib/case-codec';
import { type MemberRecord, memberRecordQueryKey } from './get-member-record';

/**
 * The member record's writes (PUT details, POST a note, PUT a flag): each answers the record as it now is, which
 * replaces the cached one; the desk's own view of the customer (another feature's query, under 'staff') reloads.
 */
function useRecordWrite<V>(customerId: number, write: (values: V) => Promise<MemberRecord>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (record) => {
      queryClient.setQueryData(memberRecordQueryKey(customerId), record);
      void queryClient.invalidateQueries({ queryKey: ['staff', 'desk', 'customer', customerId] });
    },
  });
}

export const useUpdateMember = (customerId: number) =>
  useRecordWrite(customerId, (values: MemberDetailsBody) =>
    call(updateStaffMember, { params: { id: customerId }, body: toCamel(values) }),
  );

export const useAddMemberNote = (customerId: number) =>
  useRecordWrite(customerId, (body: string) =>
    call(addStaffMemberNote, { params: { id: customerId }, body: { body } }),
  );

export const useSetMemberFlag = (customerId: number) =>
  useRecordWrite(customerId, ({ flag, isSet }: { flag: CustomerFlag; isSet: boolean }) =>
    call(setStaffMemberFlag, { params: { id: customerId, flag }, body: { isSet } }),
  );

/** POST staff/members/:id/invite: mails a link to set a password; answers the message to show. */
export const useInviteMember = (customerId: number) =>
  useMutation({ mutationFn: () => call(inviteStaffMember, { params: { id: customerId } }) });
