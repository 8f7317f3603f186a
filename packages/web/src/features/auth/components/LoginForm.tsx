import { zodResolver } from '@hookform/resolvers/zod';
import { LoginRequest, type User } from '@parley/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useLogin } from '../api/login';
import { loginErrorMessage, serverFieldErrors } from '../lib/messages';

type LoginValues = z.input<typeof LoginRequest>;

export function LoginForm({ onSuccess }: { onSuccess: (token: string, user: User) => void }) {
  const form = useForm<LoginValues, unknown, LoginRequest>({
    resolver: zodResolver(LoginRequest),
    defaultValues: { email: '', password: '' },
  });
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const session = await login.mutateAsync(values);
      onSuccess(session.token, session.user);
    } catch (error) {
      for (const issue of serverFieldErrors(error)) {
        if (issue.path === 'email' || issue.path === 'password') form.setError(issue.path, { message: issue.message });
      }
      setFormError(loginErrorMessage(error));
    }
  });

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
