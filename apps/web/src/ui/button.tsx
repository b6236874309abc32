import type { ButtonHTMLAttributes, Ref } from 'react';

/** Spec §5: a button variant must be primary, secondary or text. Secondary is solid or outline by theme. */
export type ButtonVariant = 'primary' | 'secondary' | 'text';

export const buttonClass = (variant: ButtonVariant = 'primary', extra?: string): string =>
  ['btn', `btn--${variant}`, extra].filter(Boolean).join(' ');

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  isPending?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'primary',
  isPending,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={buttonClass(variant, className)}
      aria-busy={isPending || undefined}
      disabled={rest.disabled || isPending}
    >
      {children}
    </button>
  );
}
