import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { fieldErrors } from '@brushline/shared/validation';
import { CODE_TTL_MINUTES, RESET_CODE_INPUT_MAX, RESET_CODE_PREFIX } from '@brushline/shared/auth/constants';
import { resetCodeBodySchema } from '@brushline/shared/auth/schemas';
import { paths } from '@brushline/shared/paths';
import { applyServerError } from '../../../lib/server-errors.ts';
import { sendResetCode } from '../api/auth-api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { resetFlow } from '../flow-state.ts';

export function ResetVerifyPage() {
  const navigate = useNavigate();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({
    initialValues: { resetCode: '' },
    validate: (v) => fieldErrors(resetCodeBodySchema, v),
  });
  const redeem = useMutation({ mutationFn: (code: string) => sendResetCode(code, resetFlow.account()) });

  const submit = form.onSubmit(({ resetCode }) => {
    setAlert(null);
    redeem.mutate(resetCode.trim().toUpperCase(), {
      onSuccess: ({ resetToken }) => {
        resetFlow.setToken(resetToken);
        void navigate(paths.resetChange);
      },
      onError: (err) => setAlert(applyServerError(err, form.setFieldError, 'resetCode')),
    });
  });

  return (
    <AuthCard
      title="Enter the recovery code"
      subtitle={`Check your e-mail for a code that starts with ${RESET_CODE_PREFIX}. It works once, for ${CODE_TTL_MINUTES} minutes.`}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {alert && (
            <Alert color="red" role="alert">
              {alert}
            </Alert>
          )}
          <TextInput
            label="Recovery code"
            placeholder="RS-XXXXXXXXXX"
            autoComplete="one-time-code"
            autoCapitalize="characters"
            maxLength={RESET_CODE_INPUT_MAX}
            autoFocus
            {...form.getInputProps('resetCode')}
          />
          <Group justify="space-between">
            <Anchor component={Link} to={paths.reset} size="sm">
              Send a new code
            </Anchor>
            <Button type="submit" loading={redeem.isPending}>
              Continue
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
