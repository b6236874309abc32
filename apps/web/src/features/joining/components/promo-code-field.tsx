import { JOINING_TEXTS } from '@fieldhouse/contract/texts/joining';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '../../../lib/api/client';
import { Button } from '../../../ui/button';
import { useValidatePromoCode } from '../api/validate-promo-code';

export interface PromoCodeFieldProps {
  paymentOptionId: number;
  code: string | null;
  codeId: number | null;
  errors?: string[];
  onApplied: (promo: { code: string; id: number }) => void;
  onRemoved: () => void;
}

/** Promo code (joining §4): a toggle shows the input; Apply validates, then the input locks until removed. */
export function PromoCodeField({
  paymentOptionId,
  code,
  codeId,
  errors = [],
  onApplied,
  onRemoved,
}: PromoCodeFieldProps) {
  const isApplied = codeId !== null;
  const [isShown, setShown] = useState(isApplied);
  const { register, handleSubmit, watch, setValue } = useForm<{ code: string }>({
    defaultValues: { code: code ?? '' },
  });
  const value = watch('code');
  const validate = useValidatePromoCode();
  const inputId = useId();
  const errorId = useId();
  const panelId = useId();

  const failure = validate.isError
    ? isApiError(validate.error) && validate.error.status === 422
      ? JOINING_TEXTS.promoNotRecognised
      : validate.error.message
    : null;
  const messages = [...(failure ? [failure] : []), ...(isApplied ? errors : [])];

  // Whether the code is known is the server's answer (no rule to check here): Apply stays off while it is empty.
  const apply = handleSubmit(({ code: typed }) => {
    if (!typed.trim()) return;
    validate.mutate(
      { code: typed, paymentOptionId },
      {
        onSuccess: (promo) => {
          setValue('code', promo.code);
          onApplied(promo);
        },
      },
    );
  });

  return (
    <div className="promo-code">
      <Button
        variant="text"
        aria-expanded={isShown}
        aria-controls={panelId}
        onClick={() => setShown((shown) => !shown)}
        disabled={isApplied}
      >
        Have a promo code?
      </Button>
      <div id={panelId} hidden={!isShown}>
        {isShown && (
          <form className="promo-code__form" onSubmit={apply}>
            <div className="field promo-code__field">
              <label className="field__label" htmlFor={inputId}>
                Promo code
              </label>
              <input
                id={inputId}
                className="field__input"
                readOnly={isApplied}
                autoComplete="off"
                aria-invalid={messages.length > 0 || undefined}
                aria-describedby={messages.length > 0 ? errorId : undefined}
                {...register('code', { onChange: () => validate.reset() })}
              />
            </div>
            {isApplied ? (
              <Button
                variant="secondary"
                onClick={() => {
                  setValue('code', '');
                  validate.reset();
                  onRemoved();
                }}
              >
                Remove promo code
              </Button>
            ) : (
              <Button
                type="submit"
                variant="secondary"
                isPending={validate.isPending}
                disabled={!value.trim()}
              >
                Apply
              </Button>
            )}
          </form>
        )}
        {messages.length > 0 && (
          <div className="field__error" id={errorId} role="alert">
            {messages.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </div>
        )}
        {isApplied && <p className="promo-code__applied">Code {code} applied.</p>}
      </div>
    </div>
  );
}
