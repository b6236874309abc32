import type { TenderType } from '@fieldhouse/contract';
import { useState } from 'react';
import { formatMoney } from '../../../lib/format';
import type { OfflinePayment } from '../../../lib/offline-payments';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';

const TENDERS: { type: Exclude<TenderType, 'credit'>; label: string }[] = [
  { type: 'cash', label: 'Cash' },
  { type: 'offline-voucher', label: 'Offline voucher' },
  { type: 'cheque', label: 'Cheque' },
];

function TenderInput({
  type,
  label,
  onApply,
}: (typeof TENDERS)[number] & { onApply: (p: OfflinePayment) => void }) {
  const [value, setValue] = useState('');
  return (
    <div className="tender">
      <TextField
        label={`${label} (£)`}
        inputMode="decimal"
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <Button
        variant="secondary"
        onClick={() => {
          const pounds = Number.parseFloat(value);
          onApply({ tenderType: type, amount: Number.isFinite(pounds) ? Math.round(pounds * 100) : 0 });
          setValue('');
        }}
      >
        Add {label.toLowerCase()}
      </Button>
    </div>
  );
}

/** Front-of-house only: offline tenders taken at the desk (an amount of 0 removes that tender). */
export function OfflineTenders({
  payments,
  onApply,
}: {
  payments: OfflinePayment[];
  onApply: (payment: OfflinePayment) => void;
}) {
  const offline = payments.filter((p) => p.tenderType !== 'credit');
  return (
    <section className="card checkout-section" aria-labelledby="tenders-heading">
      <h2 id="tenders-heading">Offline payments</h2>
      {TENDERS.map((tender) => (
        <TenderInput key={tender.type} {...tender} onApply={onApply} />
      ))}
      {offline.length > 0 && (
        <ul>
          {offline.map((p, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: several vouchers may have the same amount.
            <li key={index}>
              {TENDERS.find((t) => t.type === p.tenderType)?.label}: {formatMoney(p.amount)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
