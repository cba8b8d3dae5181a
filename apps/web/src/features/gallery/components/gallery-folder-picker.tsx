import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../lib/session.ts';
import { userFoldersQuery } from '../api/gallery-queries.ts';

/**
 * SPEC §3 Commission card galleryFolder: the card editor's choice of one of the artist's folders,
 * whose images the commission page shows as examples (only those each reader may see).
 */
export function GalleryFolderPicker({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (folderId: string | null) => void;
}) {
  const { user } = useSession();
  const { data } = useQuery({ ...userFoldersQuery(user?.loginName ?? ''), enabled: !!user });
  return (
    <Select
      label="Example folder"
      description="Images of this gallery folder are shown on the commission page"
      placeholder={data && data.folders.length === 0 ? 'Make a folder in your gallery first' : 'No examples'}
      clearable
      data={(data?.folders ?? []).map((f) => ({ value: f.id, label: `${f.folderName} (${f.privacy})` }))}
      value={value}
      onChange={onChange}
    />
  );
}
