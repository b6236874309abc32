import { downloadCreditNote } from '@fieldhouse/contract/routes/refunds';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { base64ToBytes, saveFile } from './download-receipt';

/** GET my-account/orders/:uuid/credit-notes/:id → { name, contents (base64 PDF) } → downloaded as a PDF. */
export function useDownloadCreditNote() {
  return useMutation({
    mutationFn: async ({ orderUuid, creditNoteId }: { orderUuid: string; creditNoteId: number }) => {
      const note = await call(downloadCreditNote, { params: { uuid: orderUuid, id: creditNoteId } });
      saveFile(new Blob([base64ToBytes(note.contents)], { type: 'application/pdf' }), note.name);
      return note.name;
    },
  });
}
