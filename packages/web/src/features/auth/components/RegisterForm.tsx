import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS, RegisterRequest, type User } from '@parley/contract';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useFormSubmit } from '@/hooks/use-form-submit';
import { useRegister } from '../api/register';
import { registerErrorMessage } from '../lib/messages';
import { markNewAccount } from '../lib/new-account';

type RegisterValues = z.input<typeof RegisterRequest>;

export function RegisterForm({ onSuccess }: { onSuccess: (token: string, user: User) => void }) {
  const form = useForm<RegisterValues, unknown, RegisterRequest>({
    resolver: zodResolver(RegisterRequest),
    defaultValues: { name: '', email: '', password: '' },
  });
  const registerUser = useRegister();
  const { errors, isSubmitting } = form.formState;

  const { formError, onSubmit } = useFormSubmit(
    form,
    async (values) => {
      const session = await registerUser.mutateAsync(values);
      markNewAccount(session.user._id);
      onSuccess(session.token, session.user);
    },
    { failure: registerErrorMessage, fields: ['name', 'email', 'password'] },
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Create account">
      <ErrorAlert message={formError} />
      <FormField id="register-name" label="Name" error={errors.name?.message}>
        <Input {...fieldProps('register-name', errors.name?.message)} autoComplete="name" {...form.register('name')} />
      </FormField>
      <FormField id="register-email" label="Email" error={errors.email?.message}>
        <Input
          {...fieldProps('register-email', errors.email?.message)}
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          {...form.register('email')}
        />
      </FormField>
      <FormField
        id="register-password"
        label="Password"
        error={errors.password?.message}
        hint={`At least ${LIMITS.passwordMin} characters`}
      >
        <Input
          {...fieldProps('register-password', errors.password?.message, true)}
          type="password"
          autoComplete="new-password"
          {...form.register('password')}
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  );
}
