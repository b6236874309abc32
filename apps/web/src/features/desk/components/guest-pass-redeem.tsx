import { redeemGuestPassBody } from '@fieldhouse/contract/staff-desk';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '../../../lib/form-resolver';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { useRedeemGuestPass } from '../api/redeem-guest-pass';
import { type GuestPassResult, redeemedResult, refusedResult } from '../rules/guest-pass-result';
import { GuestPassResultPanel } from './guest-pass-result';
import { type WorkVenue, WorkVenueField } from './work-venue-field';
import '../desk.css';

const codeForm = redeemGuestPassBody.pick({ code: true });
type CodeForm = { code: string };

/**
 * Redeem the code a guest shows: at the desk's venue (a pass for another venue is refused), the result announced;
 * the field empties after a redeemed pass, ready for the next guest, and keeps a refused code to correct.
 */
export function GuestPassRedeem({ venues }: { venues: readonly WorkVenue[] }) {
  const headingId = useId();
  const redeem = useRedeemGuestPass();
  const [venueId, setVenueId] = useState<number | null>(venues[0]?.id ?? null);
  const [result, setResult] = useState<GuestPassResult | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<CodeForm>({ resolver: zodResolver(codeForm), defaultValues: { code: '' } });

  const submit = handleSubmit(({ code }) => {
    setResult(null);
    redeem.mutate(
      { code, venueId: venueId ?? undefined },
      {
        onSuccess: (pass) => {
          setResult(redeemedResult(pass));
          reset({ code: '' });
          setFocus('code');
        },
        onError: (error) => {
          setResult(refusedResult(error));
          setFocus('code');
        },
      },
    );
  });

  return (
    <section className="card desk-pass" aria-labelledby={headingId}>
      <h2 id={headingId}>Redeem a guest pass</h2>
      <form className="form" onSubmit={submit} noValidate aria-labelledby={headingId}>
        <WorkVenueField venues={venues} value={venueId} onChange={setVenueId} label="Desk venue" />
        <TextField
          label="Guest pass code"
          hint="As on the guest's email or phone."
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={errors.code?.message}
          {...register('code')}
        />
        <div className="button-row">
          <Button type="submit" isPending={redeem.isPending}>
            {redeem.isPending ? 'Redeeming…' : 'Redeem guest pass'}
          </Button>
        </div>
      </form>
      <GuestPassResultPanel result={result} />
    </section>
  );
}
