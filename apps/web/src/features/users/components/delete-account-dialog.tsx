import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { accountMessages } from '@brushline/shared/account/messages';
import { paths } from '@brushline/shared/paths';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteAccount } from '../api/account-queries.ts';

/**
 * Deleting one's account (decision 0024): the password again, and the login typed out, so it is
 * never a slip of the finger. A refusal keeps the dialog open with the server's words (the orders
 * to finish first, one per line).
 */
export function DeleteAccountDialog({ login, onClose }: { login: string; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [typed, setTyped] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const matches = typed.trim().toLowerCase() === login.toLowerCase();

  const submit = async () => {
    setFields({});
    setRefusal(null);
    if (!password) return setFields({ password: accountMessages.passwordRequired });
    if (!matches) return setFields({ login: accountMessages.loginMismatch });
    try {
      const { message } = await remove.mutateAsync({ password, login: typed });
      toast.success(message);
      // Signed out, to sign-in: where the ended session (its socket drops at once) sends the page
      // anyway, so the two cannot race to different pages.
      remove.forget();
      await navigate(paths.login, { replace: true });
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) setFields(err.fields);
      else setRefusal((err as Error).message);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Delete your account?" fullScreen={phone}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            Your profile, posts, commission cards, gallery and requests are removed and you are signed out
            everywhere. Orders stay with the other person under “Deleted user”. This cannot be undone.
          </Text>
          {refusal && (
            <Alert color="red" role="alert" style={{ whiteSpace: 'pre-line' }}>
              {refusal}
            </Alert>
          )}
          <PasswordInput
            label="Your password"
            autoComplete="current-password"
            required
            data-autofocus
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={fields.password}
          />
          <TextInput
            label={`Type your login, ${login}, to confirm`}
            autoComplete="off"
            required
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            error={fields.login}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={remove.isPending} disabled={!matches || !password}>
              Delete my account
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
