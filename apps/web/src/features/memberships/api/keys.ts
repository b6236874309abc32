import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { queryKeys } from '../../../lib/query-keys';

/** A reply's `data`, from the contract's reply schema. */
export type Data<T extends z.ZodType> = z.infer<T> extends { data: infer D } ? D : never;

export const managementKeys = {
  freezeTypes: (id: number) => ['membership-management', id, 'freeze-types'] as const,
  freezePreview: (id: number, typeId: number, activeFrom: string, months: number) =>
    ['membership-management', id, 'freeze-preview', typeId, activeFrom, months] as const,
  cancelInfo: (id: number) => ['membership-management', id, 'cancel-info'] as const,
};

/** The list reloads after a freeze (201), an upload (201) or a cancellation (200). */
export const useReloadMemberships = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.accountMemberships }),
      queryClient.invalidateQueries({ queryKey: queryKeys.user }),
    ]);
};
