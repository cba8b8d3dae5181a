import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { fieldErrors } from '@brushline/shared/validation';
import { resetEmailBodySchema } from '@brushline/shared/auth/schemas';
import { paths } from '@brushline/shared/paths';
import { applyServerError } from '../../../lib/server-errors.ts';
import { sendResetEmail } from '../api/auth-api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { resetFlow } from '../flow-state.ts';

export function ResetPage() {
  const navigate = useNavigate();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({
    initialValues: { emailOrLogin: '' },
    validate: (v) => fieldErrors(resetEmailBodySchema, v),
  });
  const send = useMutation({ mutationFn: sendResetEmail });

  const submit = form.onSubmit(({ emailOrLogin }) => {
    setAlert(null);
    send.mutate(emailOrLogin.trim(), {
      onSuccess: () => {
        resetFlow.clear();
        resetFlow.setAccount(emailOrLogin.trim());
        void navigate(paths.resetVerify);
      },
      onError: (err) => setAlert(applyServerError(err, form.setFieldError, 'emailOrLogin')),
    });
  });

  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter your login or e-mail and we will send you a recovery code."
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {alert && (
            <Alert color="red" role="alert">
              {alert}
            </Alert>
          )}
          <TextInput
            label="Login or e-mail"
            autoComplete="username"
            autoFocus
            {...form.getInputProps('emailOrLogin')}
          />
          <Button type="submit" loading={send.isPending} fullWidth>
            Send code
          </Button>
          <Text size="sm" ta="center">
            Remembered it?{' '}
            <Anchor component={Link} to={paths.login}>
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
