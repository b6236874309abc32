import { orderReceipt } from '@fieldhouse/contract/routes/account-payments';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

/** base64 → bytes (atob gives a binary string). */
export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Saves a file through a temporary object URL and a download link. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** GET my-account/orders/:uuid/receipt → { name, contents (base64 PDF) } → downloaded as a PDF named `name`. */
export function useDownloadReceipt() {
  return useMutation({
    mutationFn: async (orderUuid: string) => {
      const receipt = await call(orderReceipt, { params: { uuid: orderUuid } });
      const name = receipt.name.toLowerCase().endsWith('.pdf') ? receipt.name : `${receipt.name}.pdf`;
      saveFile(new Blob([base64ToBytes(receipt.contents)], { type: 'application/pdf' }), name);
      return name;
    },
  });
}
