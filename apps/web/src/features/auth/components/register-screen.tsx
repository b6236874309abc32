import { password } from '@fieldhouse/contract/auth';
import { PASSWORDS_DO_NOT_MATCH } from '@fieldhouse/contract/texts/auth';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '../../../lib/api/client';
import { zodResolver } from '../../../lib/form-resolver';
import { getModes } from '../../../lib/modes';
import { Link, useNavigate, useSearchParams } from '../../../lib/router';
import { getSiteConfig } from '../../../lib/site-config';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { Button } from '../../../ui/button';
import { CheckboxField, TextField } from '../../../ui/text-field';
import { useRegister } from '../api/register';
import { followRedirect } from '../utils/follow-redirect';
import { NewPasswordFields } from './new-password-fields';

const optionalText = z.string().trim().max(100);

export const registerFormSchema = z
  .object({
    firstName: z.string().trim().min(1, 'First name is required.').max(100),
    lastName: z.string().trim().min(1, 'Last name is required.').max(100),
    email: z.string().trim().email('Please enter a valid email address.').max(254),
    dateOfBirth: z.union([z.literal(''), z.iso.date('Date must be valid.')]),
    phone: optionalText,
    password,
    passwordConfirmation: z.string().min(1, 'Please repeat your password.'),
    termsAccepted: z.boolean().refine((v) => v, 'You must accept the terms and conditions.'),
    marketingOptIn: z.boolean(),
  })
  .refine((v) => v.password === v.passwordConfirmation, {
    path: ['passwordConfirmation'],
    message: PASSWORDS_DO_NOT_MATCH,
  });
type RegisterValues = z.infer<typeof registerFormSchema>;
const FIELDS = Object.keys(registerFormSchema.shape) as (keyof RegisterValues)[];

/** /register: 'Create an account'. After 201 the user is logged in and goes to the redirect or '/'. */
export function RegisterScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const registerUser = useRegister();
  const redirect = params.get('redirect');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegisterValues>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      dateOfBirth: '',
      phone: '',
      password: '',
      passwordConfirmation: '',
      termsAccepted: false,
      marketingOptIn: false,
    },
  });

  const onSubmit = handleSubmit((values) =>
    registerUser.mutate(
      {
        ...values,
        dateOfBirth: values.dateOfBirth || undefined,
        phone: values.phone || undefined,
        termsAccepted: true,
        clientId: getSiteConfig().clientId,
        source: getModes().kioskCentre === null ? 'online' : 'kiosk',
      },
      {
        onSuccess: (user) => {
          // Say it worked (and the number the venue knows them by) before moving on.
          toast.success(`Your account has been created. Your customer number is ${user.reference}.`, {
            duration: TOAST_DURATION.default,
          });
          // Back on another site (the timetable whose 'Add to basket' sent them here) this toast is gone with the
          // page: that site shows the carried one instead.
          followRedirect(redirect, navigate, 'account-created');
        },
        onError: (error) => {
          const fieldErrors = isApiError(error) ? error.fieldErrors : {};
          let shown = false;
          for (const [field, messages] of Object.entries(fieldErrors)) {
            if (FIELDS.includes(field as keyof RegisterValues) && messages[0]) {
              setError(field as keyof RegisterValues, { message: messages[0] }, { shouldFocus: !shown });
              shown = true;
            }
          }
          if (!shown) toast.error((error as Error).message, { duration: TOAST_DURATION.default });
        },
      },
    ),
  );

  return (
    <div className="auth-card auth-card--wide">
      <h1>Create an account</h1>
      <p>
        Already have an account?{' '}
        <Link to={`/login${redirect ? `?${new URLSearchParams({ redirect })}` : ''}`}>Log in</Link>
      </p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="form__row">
          <TextField
            label="First name"
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...register('lastName')}
          />
        </div>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <div className="form__row">
          <TextField
            label="Date of birth (optional)"
            type="date"
            autoComplete="bday"
            error={errors.dateOfBirth?.message}
            {...register('dateOfBirth')}
          />
          <TextField
            label="Phone (optional)"
            type="tel"
            autoComplete="tel"
            error={errors.phone?.message}
            {...register('phone')}
          />
        </div>
        <NewPasswordFields
          label="Password"
          password={register('password')}
          confirmation={register('passwordConfirmation')}
          passwordError={errors.password?.message}
          confirmationError={errors.passwordConfirmation?.message}
        />
        <CheckboxField
          label="I agree to the Terms and Conditions"
          error={errors.termsAccepted?.message}
          {...register('termsAccepted')}
        />
        <CheckboxField
          label="Keep me updated with news and offers by email"
          {...register('marketingOptIn')}
        />
        <Button type="submit" isPending={registerUser.isPending}>
          Create account
        </Button>
      </form>
    </div>
  );
}
