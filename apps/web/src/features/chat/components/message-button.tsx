import { Button } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { useOpenChat } from '../api/chat-queries.ts';
import { roomPath } from './room-list.tsx';

/** "Message" on a profile (SPEC §7 CreatePrivateChat): opens, or makes, the casual chat with them. */
export function MessageButton({ login }: { login: string }) {
  const open = useOpenChat();
  const navigate = useNavigate();
  return (
    <Button
      variant="default"
      leftSection={<IconMessageCircle size={16} aria-hidden />}
      loading={open.isPending}
      onClick={() =>
        open.mutate(
          { otherLogin: login, type: 'casual' },
          { onSuccess: (room) => void navigate(roomPath(room)), onError: (err) => toast.error(err.message) },
        )
      }
    >
      Message
    </Button>
  );
}
