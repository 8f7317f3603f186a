import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordRequest, LIMITS, PasswordUpdateRequest } from '@parley/contract';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useFormSubmit } from '@/hooks/use-form-submit';
import { useChangePassword } from '../api/change-password';

const confirmPassword = z.string().min(1, 'Please confirm the new password');
const { keepAccessTokens } = PasswordUpdateRequest.shape;
const matching = { message: 'Passwords do not match', path: ['confirmPassword'] };
const passwordsMatch = (values: { newPassword: string; confirmPassword: string }) =>
  values.newPassword === values.confirmPassword;

export const ChangePasswordFormSchema = ChangePasswordRequest.extend({ confirmPassword, keepAccessTokens }).refine(
  passwordsMatch,
  matching,
);
/** An account made through an identity provider has no current password to give. */
const SetPasswordFormSchema = ChangePasswordRequest.extend({
  currentPassword: z.string().optional(),
  confirmPassword,
  keepAccessTokens,
}).refine(passwordsMatch, matching);
type ChangePasswordValues = z.input<typeof SetPasswordFormSchema>;

export function ChangePasswordForm({ hasPassword = true }: { hasPassword?: boolean }) {
  const changePassword = useChangePassword();
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(hasPassword ? ChangePasswordFormSchema : SetPasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '', keepAccessTokens: false },
  });
  const { errors, isSubmitting } = form.formState;

  const { formError, onSubmit } = useFormSubmit(
    form,
    async ({ currentPassword, newPassword, keepAccessTokens = false }) => {
      await changePassword.mutateAsync({ ...(hasPassword ? { currentPassword } : {}), newPassword, keepAccessTokens });
      form.reset();
      toast.success(hasPassword ? 'Password updated' : 'Password set');
    },
    { failure: 'Failed to change password' },
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-3"
      aria-label={hasPassword ? 'Change password' : 'Set a password'}
    >
      <ErrorAlert message={formError} />
      {hasPassword && (
        <FormField id="current-password" label="Current password" error={errors.currentPassword?.message}>
          <Input
            {...fieldProps('current-password', errors.currentPassword?.message)}
            type="password"
            autoComplete="current-password"
            {...form.register('currentPassword')}
          />
        </FormField>
      )}
      <FormField
        id="new-password"
        label="New password"
        error={errors.newPassword?.message}
        hint={`At least ${LIMITS.passwordMin} characters`}
      >
        <Input
          {...fieldProps('new-password', errors.newPassword?.message, true)}
          type="password"
          autoComplete="new-password"
          {...form.register('newPassword')}
        />
      </FormField>
      <FormField id="confirm-password" label="Confirm new password" error={errors.confirmPassword?.message}>
        <Input
          {...fieldProps('confirm-password', errors.confirmPassword?.message)}
          type="password"
          autoComplete="new-password"
          {...form.register('confirmPassword')}
        />
      </FormField>
      <p id="password-change-effects" className="text-muted-foreground text-sm">
        This signs you out on your other devices and browsers, and revokes your API tokens.
      </p>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" aria-describedby="password-change-effects" {...form.register('keepAccessTokens')} />
        Keep my API tokens
      </label>
      <Button type="submit" className="justify-self-start" disabled={isSubmitting}>
        {isSubmitting ? 'Updating...' : hasPassword ? 'Change Password' : 'Set Password'}
      </Button>
    </form>
  );
}
