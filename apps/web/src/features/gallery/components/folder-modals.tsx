import { Button, Group, Modal, Radio, Select, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  FOLDER_ALLOWED_USERS_MAX,
  FOLDER_ICON_MAX,
  FOLDER_NAME_MAX,
  PRIVACIES,
  type FolderDeleteMode,
  type Privacy,
} from '@brushline/shared/gallery/constants';
import type { Folder } from '@brushline/shared/gallery/schemas';
import { toast } from '../../../lib/toast.ts';
import { useCreateFolder, useDeleteFolder, useUpdateFolder } from '../api/gallery-queries.ts';

/** What each privacy means, in the FAQ's words (SPEC §2). */
export const privacyHelp: Record<Privacy, string> = {
  Public: 'Anyone can open it; its public images appear in the main gallery',
  Private: 'Shown on your page only, never in the main gallery',
  Hidden: 'Only you, and the people you allow',
};

export function PrivacyRadio({
  value,
  onChange,
  label,
}: {
  value: Privacy;
  onChange: (p: Privacy) => void;
  label: string;
}) {
  return (
    <Radio.Group label={label} value={value} onChange={(v) => onChange(v)}>
      <Stack gap={6} mt={4}>
        {PRIVACIES.map((p) => (
          <Radio key={p} value={p} label={p} description={privacyHelp[p]} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** Create a folder, or edit one: name, icon, privacy, who may open it while Hidden, and where it sits. */
export function FolderModal({
  folder,
  folders,
  parentId,
  onClose,
}: {
  /** The folder edited; null to create. */
  folder: Folder | null;
  folders: Folder[];
  parentId: string | null;
  onClose: () => void;
}) {
  const [name, setName] = useState(folder?.folderName ?? '');
  const [icon, setIcon] = useState(folder?.customIcon ?? '');
  const [privacy, setPrivacy] = useState<Privacy>(folder?.privacy ?? 'Public');
  const [allowed, setAllowed] = useState<string[]>(folder?.allowedUserList ?? []);
  const [parent, setParent] = useState<string | null>(folder ? folder.parentId : parentId);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateFolder();
  const update = useUpdateFolder();
  const busy = create.isPending || update.isPending;
  const save = () => {
    const body = {
      folderName: name,
      customIcon: icon.trim(),
      privacy,
      allowedUserList: allowed,
      parentId: parent,
    };
    const done = {
      onSuccess: (res: { message: string }) => {
        toast.success(res.message);
        onClose();
      },
      onError: (err: Error) => setError(err.message),
    };
    if (folder) update.mutate({ id: folder.id, body }, done);
    else create.mutate(body, done);
  };
  const parents = folders
    .filter((f) => f.id !== folder?.id)
    .map((f) => ({ value: f.id, label: f.folderName }));
  return (
    <Modal opened onClose={onClose} title={folder ? 'Edit folder' : 'New folder'}>
      <Stack>
        <TextInput
          label="Name"
          required
          maxLength={FOLDER_NAME_MAX}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <TextInput
          label="Icon"
          description="Optional: an emoji or a short symbol shown before the name"
          maxLength={FOLDER_ICON_MAX}
          value={icon}
          onChange={(e) => setIcon(e.currentTarget.value)}
        />
        <PrivacyRadio label="Who can see it" value={privacy} onChange={setPrivacy} />
        {privacy === 'Hidden' && (
          <TagsInput
            label="People allowed to open it"
            description={`Logins, up to ${FOLDER_ALLOWED_USERS_MAX}; they also open the folders inside`}
            value={allowed}
            onChange={setAllowed}
            maxTags={FOLDER_ALLOWED_USERS_MAX}
          />
        )}
        <Select
          label="Inside folder"
          placeholder="At the top"
          clearable
          data={parents}
          value={parent}
          onChange={setParent}
        />
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={busy} disabled={!name.trim()}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Deleting a folder asks what happens to what is inside it (decision 0017). */
export function DeleteFolderModal({
  folder,
  onClose,
  onDeleted,
}: {
  folder: Folder;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [mode, setMode] = useState<FolderDeleteMode>('keep');
  const remove = useDeleteFolder();
  return (
    <Modal opened onClose={onClose} title={`Delete “${folder.folderName}”?`}>
      <Stack>
        <Radio.Group label="Its images and folders" value={mode} onChange={(v) => setMode(v)}>
          <Stack gap={6} mt={4}>
            <Radio
              value="keep"
              label="Keep them"
              description="They move one level up (out of folders at the top)"
            />
            <Radio
              value="delete"
              label="Delete them too"
              description="Every image inside is deleted for good"
            />
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(
                { id: folder.id, mode },
                {
                  onSuccess: (res) => {
                    toast.success(res.message);
                    onDeleted();
                  },
                  onError: (err) => toast.error(err.message),
                },
              )
            }
          >
            Delete folder
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
