import {
  Anchor,
  Breadcrumbs,
  Button,
  Card,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Folder, GalleryImage } from '@brushline/shared/gallery/schemas';
import { toPath } from '@brushline/shared/paths';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useSession } from '../../../lib/session.ts';
import { folderQuery, useReorderFolders, userFoldersQuery } from '../api/gallery-queries.ts';
import { DisplayCardEditor } from '../components/display-card-editor.tsx';
import { DeleteFolderModal, FolderModal } from '../components/folder-modals.tsx';
import { ImageGrid } from '../components/image-grid.tsx';
import { ImageModal } from '../components/image-modals.tsx';
import { ProfileTabs } from '../../../components/profile-tabs.tsx';
import { SortableGrid } from '../components/sortable-grid.tsx';
import { OwnImageTile, SortableImages } from '../components/sortable-images.tsx';

type Dialog =
  | { kind: 'folder'; folder: Folder | null }
  | { kind: 'delete'; folder: Folder }
  | { kind: 'image'; image: GalleryImage | null }
  | null;

const folderCols = { base: 2, sm: 4 };

function FolderCover({ folder }: { folder: Folder }) {
  return (
    <Card.Section>
      {folder.cover ? (
        <Image src={folder.cover.miniatureUrl} alt="" h={120} fit="cover" />
      ) : (
        <Stack h={120} justify="center" align="center" bg="var(--mantine-color-default-hover)">
          <Text c="dimmed" size="sm">
            Empty
          </Text>
        </Stack>
      )}
    </Card.Section>
  );
}

const folderName = (f: Folder) => `${f.customIcon ? `${f.customIcon} ` : ''}${f.folderName}`;

function FolderFacts({ folder }: { folder: Folder }) {
  return (
    <Text size="xs" c="dimmed">
      {folder.mediaFiles.length} images · {folder.effectivePrivacy}
    </Text>
  );
}

/**
 * The folders of one level. A visitor's tiles open the folder; the owner's are reordered by drag
 * and drop (the handle, mouse or keyboard) and open by their name.
 */
function FolderTiles({
  folders,
  login,
  parentId,
  mine,
}: {
  folders: Folder[];
  login: string;
  parentId: string | null;
  mine: boolean;
}) {
  const reorder = useReorderFolders();
  if (folders.length === 0) return null;
  const to = (f: Folder) => `${toPath('profileGallery', { login })}?folder=${f.id}`;
  if (mine) {
    return (
      <SortableGrid
        key={folders.map((f) => f.id).join()}
        items={folders}
        label={(f) => f.folderName}
        cols={folderCols}
        save={(childFolders) => reorder.mutateAsync({ parentId, childFolders })}
      >
        {(f, handle) => (
          <Card withBorder padding="xs">
            <FolderCover folder={f} />
            <Group gap={4} mt={6} wrap="nowrap">
              {handle}
              <Anchor component={Link} to={to(f)} fw={600} truncate="end">
                {folderName(f)}
              </Anchor>
            </Group>
            <FolderFacts folder={f} />
          </Card>
        )}
      </SortableGrid>
    );
  }
  return (
    <SimpleGrid cols={folderCols} spacing="sm">
      {folders.map((f) => (
        <Card key={f.id} withBorder padding="xs" component={Link} to={to(f)}>
          <FolderCover folder={f} />
          <Text fw={600} mt={6} truncate="end">
            {folderName(f)}
          </Text>
          <FolderFacts folder={f} />
        </Card>
      ))}
    </SimpleGrid>
  );
}

/**
 * /profile/{login}/gallery (SPEC §2): the folders this reader may open, then the images; `?folder=`
 * opens one. The owner also creates, edits and deletes folders, adds and edits images, reorders
 * folders and a folder's images by drag and drop, and builds the display card.
 */
export function ProfileGalleryPage() {
  const { login = '' } = useParams();
  const [params] = useSearchParams();
  const folderId = params.get('folder');
  const { user } = useSession();
  const all = useQuery(userFoldersQuery(login));
  const open = useQuery({ ...folderQuery(folderId ?? ''), enabled: !!folderId });
  const [dialog, setDialog] = useState<Dialog>(null);
  const navigate = useNavigate();
  if (all.isPending || (folderId && open.isPending)) return <LoadingState label="Loading the gallery" />;
  if (all.isError)
    return (
      <ErrorState
        title="Couldn't load the gallery"
        message={all.error.message}
        onRetry={() => void all.refetch()}
      />
    );
  if (folderId && open.isError) {
    return (
      <ErrorState
        title="Couldn't open this folder"
        message={open.error.message}
        onRetry={() => void open.refetch()}
      />
    );
  }
  const data = all.data;
  const mine = user?.id === data.owner.id;
  const here = folderId ? open.data : undefined;
  const folders = here ? here.children : data.folders.filter((f) => f.parentId === null);
  const images = here ? here.images : data.unsorted;
  const close = () => setDialog(null);
  return (
    <Stack>
      <Title order={1} fz="h2">
        {data.owner.displayName}’s gallery
      </Title>
      <ProfileTabs login={login} current="profileGallery" />
      {here && (
        <Breadcrumbs>
          <Anchor component={Link} to={toPath('profileGallery', { login })}>
            Gallery
          </Anchor>
          {here.path.map((p) => (
            <Anchor key={p.id} component={Link} to={`${toPath('profileGallery', { login })}?folder=${p.id}`}>
              {p.folderName}
            </Anchor>
          ))}
        </Breadcrumbs>
      )}
      {mine && (
        <Group>
          <Button onClick={() => setDialog({ kind: 'image', image: null })}>Add image</Button>
          <Button variant="default" onClick={() => setDialog({ kind: 'folder', folder: null })}>
            New folder
          </Button>
          {here && (
            <>
              <Button variant="default" onClick={() => setDialog({ kind: 'folder', folder: here.folder })}>
                Edit folder
              </Button>
              <Button
                variant="light"
                color="red"
                onClick={() => setDialog({ kind: 'delete', folder: here.folder })}
              >
                Delete folder
              </Button>
            </>
          )}
        </Group>
      )}
      <FolderTiles folders={folders} login={login} parentId={here?.folder.id ?? null} mine={mine} />
      {images.length === 0 && folders.length === 0 ? (
        <Text c="dimmed">
          {mine ? 'Nothing here yet: add an image or a folder.' : 'Nothing to show here.'}
        </Text>
      ) : mine && here ? (
        <SortableImages
          key={images.map((i) => i.id).join()}
          folderId={here.folder.id}
          images={images}
          onEdit={(image) => setDialog({ kind: 'image', image })}
        />
      ) : mine ? (
        <FreeImages images={images} onEdit={(image) => setDialog({ kind: 'image', image })} />
      ) : (
        <ImageGrid images={images} />
      )}
      {mine && !here && <DisplayCardEditor owner={data.owner} images={data.images} />}
      {dialog?.kind === 'folder' && (
        <FolderModal
          folder={dialog.folder}
          folders={data.folders}
          parentId={here?.folder.id ?? null}
          onClose={close}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteFolderModal
          folder={dialog.folder}
          onClose={close}
          onDeleted={() => {
            close();
            void navigate(toPath('profileGallery', { login }), { replace: true });
          }}
        />
      )}
      {dialog?.kind === 'image' && (
        <ImageModal
          image={dialog.image}
          folders={data.folders}
          folderId={here?.folder.id ?? null}
          onClose={close}
        />
      )}
    </Stack>
  );
}

/** Images outside folders, for their owner: each opens its editor (no order of their own). */
function FreeImages({ images, onEdit }: { images: GalleryImage[]; onEdit: (i: GalleryImage) => void }) {
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing="sm">
      {images.map((i) => (
        <OwnImageTile key={i.id} image={i} onEdit={onEdit} />
      ))}
    </SimpleGrid>
  );
}
