import { zodResolver } from '@hookform/resolvers/zod';
import { LoginRequest, type User } from '@parley/contract';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useFormSubmit } from '@/hooks/use-form-submit';
import { useLogin } from '../api/login';
import { loginErrorMessage } from '../lib/messages';

type LoginValues = z.input<typeof LoginRequest>;

export function LoginForm({ onSuccess }: { onSuccess: (token: string, user: User) => void }) {
  const form = useForm<LoginValues, unknown, LoginRequest>({
    resolver: zodResolver(LoginRequest),
    defaultValues: { email: '', password: '' },
  });
  const login = useLogin();
  const { errors, isSubmitting } = form.formState;

  const { formError, onSubmit } = useFormSubmit(
    form,
    async (values) => {
      const session = await login.mutateAsync(values);
      onSuccess(session.token, session.user);
    },
    { failure: loginErrorMessage, fields: ['email', 'password'] },
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign in">
      <ErrorAlert message={formError} />
      <FormField id="login-email" label="Email" error={errors.email?.message}>
        <Input
          {...fieldProps('login-email', errors.email?.message)}
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          {...form.register('email')}
        />
      </FormField>
      <FormField id="login-password" label="Password" error={errors.password?.message}>
        <Input
          {...fieldProps('login-password', errors.password?.message)}
          type="password"
          autoComplete="current-password"
          {...form.register('password')}
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
