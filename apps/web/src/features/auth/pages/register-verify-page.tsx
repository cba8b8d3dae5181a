import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { fieldErrors } from '@brushline/shared/validation';
import { verifyQuerySchema } from '@brushline/shared/auth/schemas';
import { CODE_TTL_MINUTES, REGISTER_CODE_LENGTH } from '@brushline/shared/auth/constants';
import { paths, toPath } from '@brushline/shared/paths';
import { applyServerError } from '../../../lib/server-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { requestRegistration, verifyRegistration } from '../api/auth-api.ts';
import { sessionQuery } from '../../../lib/session.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { registration } from '../flow-state.ts';

export function RegisterVerifyPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [pending] = useState(registration.get);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({ initialValues: { code: '' }, validate: (v) => fieldErrors(verifyQuerySchema, v) });
  const verify = useMutation({ mutationFn: (code: string) => verifyRegistration(pending!, code) });
  const resend = useMutation({ mutationFn: () => requestRegistration(pending!) });

  // Nothing pending (a reload, a bookmark): back to where the user was (SPEC §2).
  useEffect(() => {
    if (!pending)
      void (window.history.length > 1 ? navigate(-1) : navigate(paths.register, { replace: true }));
  }, [pending, navigate]);
  if (!pending) return null;

  const submit = form.onSubmit(({ code }) => {
    setAlert(null);
    verify.mutate(code.trim(), {
      onSuccess: (me) => {
        registration.clear();
        qc.setQueryData(sessionQuery.queryKey, me);
        toast.success(`Welcome, ${me.displayName}!`);
        void navigate(toPath('profileHome', { login: me.displayLogin }), { replace: true });
      },
      onError: (err) => setAlert(applyServerError(err, form.setFieldError, 'code')),
    });
  });

  return (
    <AuthCard
      title="Check your e-mail"
      subtitle={`We sent a ${REGISTER_CODE_LENGTH}-digit code to ${pending.email}. It works for ${CODE_TTL_MINUTES} minutes.`}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {alert && (
            <Alert color="red" role="alert">
              {alert}
            </Alert>
          )}
          <TextInput
            label="Code"
            placeholder="123456"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={REGISTER_CODE_LENGTH}
            autoFocus
            {...form.getInputProps('code')}
          />
          <Group justify="space-between">
            <Anchor
              component="button"
              type="button"
              size="sm"
              disabled={resend.isPending}
              onClick={() =>
                resend.mutate(undefined, {
                  onSuccess: () => toast.success(`A new code is on its way to ${pending.email}`),
                  onError: (err) => setAlert(applyServerError(err, form.setFieldError)),
                })
              }
            >
              Send a new code
            </Anchor>
            <Button type="submit" loading={verify.isPending}>
              Verify
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
