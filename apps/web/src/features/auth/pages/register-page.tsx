import { Alert, Anchor, Button, Checkbox, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { registerFormErrors, type RegisterForm } from '@brushline/shared/auth/schemas';
import { LOGIN_MAX, MINIMUM_AGE, PASSWORD_MAX } from '@brushline/shared/auth/constants';
import { paths, toPath } from '@brushline/shared/paths';
import { applyServerError } from '../../../lib/server-errors.ts';
import { requestRegistration } from '../api/auth-api.ts';
import { useSession } from '../../../lib/session.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { registration } from '../flow-state.ts';

export function RegisterPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<RegisterForm>({
    initialValues: { login: '', email: '', password: '', repeatPassword: '', policy: false },
    validate: registerFormErrors,
    validateInputOnChange: true,
  });
  const send = useMutation({ mutationFn: requestRegistration });

  if (user) return <Navigate to={toPath('profileHome', { login: user.displayLogin })} replace />;

  const submit = form.onSubmit(({ login, email, password }) => {
    setAlert(null);
    send.mutate(
      { login: login.trim(), email: email.trim(), password },
      {
        onSuccess: () => {
          registration.set({ login: login.trim(), email: email.trim(), password });
          void navigate(paths.registerVerify);
        },
        onError: (err) => setAlert(applyServerError(err, form.setFieldError)),
      },
    );
  });

  const loginInput = form.getInputProps('login');
  return (
    <AuthCard title="Create your account" subtitle="We will e-mail you a code to confirm the address.">
      <form onSubmit={submit} noValidate>
        <Stack>
          {alert && (
            <Alert color="red" role="alert">
              {alert}
            </Alert>
          )}
          <TextInput
            label="Login"
            description="You sign in with it and it is your profile's address: letters and digits; dots or underscores between them"
            autoComplete="username"
            maxLength={LOGIN_MAX + 1}
            autoFocus
            {...loginInput}
            error={
              form.errors.login && (
                <>
                  {/* The SPEC's messages say "display name" for the login: the note says which field it means. */}
                  <span>{form.errors.login}</span>{' '}
                  <span>(this is the login; your display name can be set later on your profile)</span>
                </>
              )
            }
          />
          <TextInput label="E-mail" type="email" autoComplete="email" {...form.getInputProps('email')} />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX + 1}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Repeat password"
            autoComplete="new-password"
            {...form.getInputProps('repeatPassword')}
          />
          <Checkbox
            label={
              <>
                I am over {MINIMUM_AGE} and agree with the{' '}
                <Anchor component={Link} to={paths.policyEn} target="_blank">
                  privacy policy
                </Anchor>{' '}
                (
                <Anchor component={Link} to={paths.policyRu} target="_blank">
                  RU
                </Anchor>
                ) and the{' '}
                <Anchor component={Link} to={paths.terms} target="_blank">
                  terms of use
                </Anchor>
              </>
            }
            {...form.getInputProps('policy', { type: 'checkbox' })}
          />
          <Button type="submit" loading={send.isPending} fullWidth>
            Create account
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to={paths.login}>
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
