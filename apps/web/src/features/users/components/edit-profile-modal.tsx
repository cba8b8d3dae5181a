import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { DISPLAY_NAME_MAX } from '@brushline/shared/users/constants';
import { MEDIA_BOXES } from '@brushline/shared/media/constants';
import { displayNameSchema, type Me, type UpdateProfileBody } from '@brushline/shared/users/schemas';
import { fieldErrors } from '@brushline/shared/validation';
import { applyServerError } from '../../../lib/server-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useUpdateProfile } from '../api/user-mutations.ts';
import { PicturePicker, type PictureChoice } from './picture-picker.tsx';

const { avatar, banner } = MEDIA_BOXES;
const keep: PictureChoice = { kind: 'keep' };

const asBodyField = (c: PictureChoice) => (c.kind === 'set' ? c.id : c.kind === 'remove' ? null : undefined);

function EditProfileForm({ me, onDone }: { me: Me; onDone: () => void }) {
  const update = useUpdateProfile();
  const [alert, setAlert] = useState<string | null>(null);
  const [avatarChoice, setAvatarChoice] = useState<PictureChoice>(keep);
  const [bannerChoice, setBannerChoice] = useState<PictureChoice>(keep);
  const [uploads, setUploads] = useState(0);
  const busy = (b: boolean) => setUploads((n) => n + (b ? 1 : -1));
  const form = useForm({
    initialValues: { displayName: me.displayName },
    validate: ({ displayName }) => {
      const errors = fieldErrors(displayNameSchema, displayName);
      return errors[''] ? { displayName: errors[''] } : {};
    },
  });

  const submit = form.onSubmit(({ displayName }) => {
    setAlert(null);
    const body: UpdateProfileBody = {};
    if (displayName.trim() !== me.displayName) body.displayName = displayName;
    const avatarMediaId = asBodyField(avatarChoice);
    const bannerMediaId = asBodyField(bannerChoice);
    if (avatarMediaId !== undefined) body.avatarMediaId = avatarMediaId;
    if (bannerMediaId !== undefined) body.bannerMediaId = bannerMediaId;
    if (Object.keys(body).length === 0) return onDone();
    update.mutate(body, {
      onSuccess: () => {
        toast.success('Profile updated');
        onDone();
      },
      onError: (err) => setAlert(applyServerError(err, form.setFieldError)),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {alert && (
          <Alert color="red" role="alert">
            {alert}
          </Alert>
        )}
        <TextInput
          label="Display name"
          description={`Shown on your profile and posts, up to ${DISPLAY_NAME_MAX} characters. Your login @${me.displayLogin} stays the same.`}
          maxLength={DISPLAY_NAME_MAX + 16}
          data-autofocus
          {...form.getInputProps('displayName')}
        />
        <PicturePicker
          label="Avatar"
          purpose="avatar"
          hint={`Cropped to a square from the centre (${avatar.width}×${avatar.height}).`}
          currentUrl={me.userProfileStore.profilePicture?.path ?? null}
          choice={avatarChoice}
          roles={me.roles}
          onChoice={setAvatarChoice}
          onBusy={busy}
        />
        <PicturePicker
          label="Banner"
          purpose="banner"
          hint={`Cropped to a 3:1 strip from the centre (${banner.width}×${banner.height}).`}
          currentUrl={me.userProfileStore.bannerPicture?.path ?? null}
          choice={bannerChoice}
          roles={me.roles}
          onChoice={setBannerChoice}
          onBusy={busy}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending} disabled={uploads > 0}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Edit profile" for the owner: display name, avatar and banner, saved with PATCH user/profile. */
export function EditProfileModal({ me, opened, onClose }: { me: Me; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Edit profile" size="lg">
      {/* Mounted only while open, so each opening starts from the saved profile. */}
      {opened && <EditProfileForm me={me} onDone={onClose} />}
    </Modal>
  );
}
