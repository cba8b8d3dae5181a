import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { newPasswordFormErrors } from '@brushline/shared/auth/schemas';
import { messages } from '@brushline/shared/messages';
import { paths } from '@brushline/shared/paths';
import { applyServerError } from '../../../lib/server-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { sendNewPassword } from '../api/auth-api.ts';
import { sessionQuery } from '../../../lib/session.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { resetFlow } from '../flow-state.ts';

export function ResetChangePage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [token] = useState(resetFlow.token);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({
    initialValues: { newPassword: '', repeatPassword: '' },
    validate: newPasswordFormErrors,
    validateInputOnChange: true,
  });
  const change = useMutation({ mutationFn: (password: string) => sendNewPassword(token!, password) });

  if (!token) {
    return (
      <AuthCard title="Choose a new password">
        <Alert color="yellow">
          This reset has no valid code yet.{' '}
          <Anchor component={Link} to={paths.reset}>
            Start the password reset again
          </Anchor>
          .
        </Alert>
      </AuthCard>
    );
  }

  const submit = form.onSubmit(({ newPassword }) => {
    setAlert(null);
    change.mutate(newPassword, {
      onSuccess: () => {
        resetFlow.clear();
        // Every session of the account has ended, this one included.
        qc.setQueryData(sessionQuery.queryKey, null);
        toast.success(messages.passwordUpdated);
        void navigate(paths.login, { replace: true });
      },
      onError: (err) => setAlert(applyServerError(err, form.setFieldError)),
    });
  });

  return (
    <AuthCard title="Choose a new password" subtitle="After saving, sign in again on every device.">
      <form onSubmit={submit} noValidate>
        <Stack>
          {alert && (
            <Alert color="red" role="alert">
              {alert}
            </Alert>
          )}
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            autoFocus
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Repeat password"
            autoComplete="new-password"
            {...form.getInputProps('repeatPassword')}
          />
          <Button type="submit" loading={change.isPending} fullWidth>
            Save password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
