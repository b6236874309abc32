import { changeAccountPassword } from '@fieldhouse/contract/routes/account';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

export type PasswordChangeInput = {
  current_password: string;
  password: string;
  repeat_new_password: string;
};

/** PUT my-account/user/password (the form's fields are named as the wire's keys). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: PasswordChangeInput) =>
      call(changeAccountPassword, {
        body: {
          currentPassword: input.current_password,
          password: input.password,
          repeatNewPassword: input.repeat_new_password,
        },
      }),
  });
}
