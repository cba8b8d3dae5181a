import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { fieldErrors } from '@brushline/shared/validation';
import { loginBodySchema } from '@brushline/shared/auth/schemas';
import { paths } from '@brushline/shared/paths';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerError } from '../../../lib/server-errors.ts';
import { useSession } from '../../../lib/session.ts';
import { useLogin } from '../api/session-mutations.ts';
import { restrictedMessage } from '../api/use-account-restricted.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { afterLoginPath } from '../flow-state.ts';

export function LoginPage() {
  const { user } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const from = (location.state as { from?: unknown } | null)?.from;
  // Staff suspended or banned the account while it was signed in: why, until a new try answers.
  const restricted = restrictedMessage(location.state);
  const login = useLogin();
  const [alert, setAlert] = useState<string | null>(null);
  // Wrong passwords from other places locked out browsers the account does not know: the message
  // says so, and a reset by e-mail is the way in from this one (it then knows this browser).
  const [locked, setLocked] = useState(false);
  const form = useForm({
    initialValues: { login: '', password: '' },
    validate: (v) => fieldErrors(loginBodySchema, v),
  });

  // Signed out just after arriving here (the restriction's sign-out follows the navigation).
  if (user && !restricted && !login.isPending && !login.isSuccess)
    return <Navigate to={afterLoginPath(from, user.displayLogin)} replace />;

  const submit = form.onSubmit((values) => {
    setAlert(null);
    setLocked(false);
    login.mutate(values, {
      onSuccess: (me) => void navigate(afterLoginPath(from, me.displayLogin), { replace: true }),
      onError: (err) => {
        setLocked(err instanceof ApiError && err.code === 'login_locked');
        setAlert(applyServerError(err, form.setFieldError));
      },
    });
  });

  return (
    <AuthCard title="Sign in" subtitle="Welcome back. Use your login or your e-mail.">
      <form onSubmit={submit} noValidate>
        <Stack>
          {restricted && !alert && !login.isPending && (
            <Alert color="red" role="alert" title="You are signed out">
              <Text size="sm">{restricted}</Text>
            </Alert>
          )}
          {alert && (
            <Alert
              color="red"
              role="alert"
              title={locked ? 'Sign-in from this browser is paused' : undefined}
            >
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{alert}</Text>
                {locked && (
                  <Button component={Link} to={paths.reset} variant="default" size="xs">
                    Reset your password by e-mail
                  </Button>
                )}
              </Stack>
            </Alert>
          )}
          <TextInput
            label="Login or e-mail"
            autoComplete="username"
            autoFocus
            {...form.getInputProps('login')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            {...form.getInputProps('password')}
          />
          <Group justify="space-between">
            <Anchor component={Link} to={paths.reset} size="sm">
              Forgot your password?
            </Anchor>
            <Button type="submit" loading={login.isPending}>
              Sign in
            </Button>
          </Group>
          <Text size="sm" ta="center">
            New here?{' '}
            <Anchor component={Link} to={paths.register} state={{ from }}>
              Create an account
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
