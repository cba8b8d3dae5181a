import { Button, FileInput, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  GALLERY_IMAGE_TAGS_MAX,
  GALLERY_IMAGE_TITLE_MAX,
  type Privacy,
} from '@brushline/shared/gallery/constants';
import type { AiLabel } from '@brushline/shared/ai/constants';
import type { Folder, GalleryImage } from '@brushline/shared/gallery/schemas';
import { AiLabelSelect } from '../../../components/ai-label-select.tsx';
import { StaffHiddenNotice } from '../../../components/staff-hidden-notice.tsx';
import { openConfirmModal } from '../../../lib/confirm.ts';
import { toast } from '../../../lib/toast.ts';
import { uploadMedia } from '../../../lib/upload-media.ts';
import { TagPicker } from '../../tags/components/tag-picker.tsx';
import { useAddImage, useDeleteImage, useUpdateImage } from '../api/gallery-queries.ts';
import { PrivacyRadio } from './folder-modals.tsx';

/**
 * Add an image to the gallery (upload, then place it: title as its description, privacy, up to
 * 15 tags, folder), or edit one (also moving it to another folder, or deleting it).
 */
export function ImageModal({
  image,
  folders,
  folderId,
  onClose,
}: {
  image: GalleryImage | null;
  folders: Folder[];
  folderId: string | null;
  onClose: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState(image?.title ?? '');
  const [privacy, setPrivacy] = useState<Privacy>(image?.privacy ?? 'Public');
  const [tags, setTags] = useState<string[]>(image?.tags.map((t) => t.title) ?? []);
  const [aiLabel, setAiLabel] = useState<AiLabel | null>(image?.aiLabel ?? null);
  const [folder, setFolder] = useState<string | null>(image ? image.folderId : folderId);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const add = useAddImage();
  const update = useUpdateImage();
  const remove = useDeleteImage();
  const done = (res: { message: string }) => {
    toast.success(res.message);
    onClose();
  };
  const save = async () => {
    setError(null);
    const body = { title, privacy, tags, folderId: folder, aiLabel };
    if (image) {
      update.mutate({ id: image.id, body }, { onSuccess: done, onError: (e) => setError(e.message) });
      return;
    }
    if (!file) return;
    try {
      setUploading(true);
      const media = await uploadMedia(file, 'gallery');
      add.mutate({ ...body, mediaId: media.id }, { onSuccess: done, onError: (e) => setError(e.message) });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setUploading(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={image ? 'Edit image' : 'Add an image'}>
      <Stack>
        {image && <StaffHiddenNotice reason={image.hiddenByStaff} what="image" />}
        {!image && (
          <FileInput
            label="Image"
            required
            accept="image/*"
            value={file}
            onChange={setFile}
            placeholder="Choose a file"
          />
        )}
        <TextInput
          label="Description"
          description="Read aloud to people who cannot see it"
          maxLength={GALLERY_IMAGE_TITLE_MAX}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
        />
        <PrivacyRadio label="Who can see it" value={privacy} onChange={setPrivacy} />
        <TagPicker
          label={`Tags (up to ${GALLERY_IMAGE_TAGS_MAX})`}
          value={tags}
          onChange={setTags}
          maxTags={GALLERY_IMAGE_TAGS_MAX}
        />
        <Select
          label="Folder"
          placeholder="No folder"
          clearable
          data={folders.map((f) => ({ value: f.id, label: f.folderName }))}
          value={folder}
          onChange={setFolder}
        />
        <AiLabelSelect value={aiLabel} onChange={setAiLabel} />
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="space-between">
          {image ? (
            <Button
              color="red"
              variant="light"
              loading={remove.isPending}
              onClick={() =>
                openConfirmModal({
                  title: 'Delete this image?',
                  children: (
                    <Text size="sm">
                      The image is removed from your gallery, its folder and your display card. This cannot be
                      undone.
                    </Text>
                  ),
                  labels: { confirm: 'Delete image', cancel: 'Keep it' },
                  confirmProps: { color: 'red' },
                  onConfirm: () =>
                    remove.mutate(image.id, { onSuccess: done, onError: (e) => setError(e.message) }),
                })
              }
            >
              Delete image
            </Button>
          ) : (
            <span />
          )}
          <Group>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              onClick={() => void save()}
              loading={uploading || add.isPending || update.isPending}
              disabled={!image && !file}
            >
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
