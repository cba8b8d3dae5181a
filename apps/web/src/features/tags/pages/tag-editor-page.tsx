import { Alert, Anchor, Button, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { messages } from '@brushline/shared/messages';
import { paths, toPath } from '@brushline/shared/paths';
import {
  TAG_DESCRIPTION_MAX,
  TAG_MATURITIES,
  TAG_PARENTS_MAX,
  TAG_SYNONYMS_MAX,
  TAG_TITLE_MAX,
  TAG_TYPES,
  type TagMaturity,
  type TagType,
} from '@brushline/shared/tags/constants';
import { displayTagTitle } from '@brushline/shared/tags/normalize';
import { TAG_CONFLICT_CODE, tagCreateBodySchema, type TagFull } from '@brushline/shared/tags/schemas';
import { fieldErrors } from '@brushline/shared/validation';
import { PageHeader } from '../../../components/page-header.tsx';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useUnsavedGuard } from '../../../lib/use-unsaved-guard.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { tagFullQuery, useCreateTag, useUpdateTag } from '../api/tag-queries.ts';
import { ConflictView } from '../components/conflict-view.tsx';
import { TagPicker } from '../components/tag-picker.tsx';
import { WikiNav } from '../components/wiki-nav.tsx';

interface Draft {
  title: string;
  description: string;
  tagType: TagType;
  maturity: TagMaturity;
  synonyms: string[];
  parentTags: string[];
}

const emptyDraft: Draft = {
  title: '',
  description: '',
  tagType: 'General',
  maturity: 'SFW',
  synonyms: [],
  parentTags: [],
};

const draftOf = (tag: TagFull): Draft => ({
  title: tag.title,
  description: tag.description,
  tagType: tag.tagType,
  maturity: tag.maturity,
  synonyms: tag.synonyms.map((s) => s.title),
  parentTags: tag.parentTags.map((p) => p.title),
});

/** /wiki/tags/create and /wiki/tags/update/{id}: signed-in users only (anyone may read). */
export function TagEditorPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const { user, isPending } = useSession();
  const tagId = id ? Number(id) : null;
  const existing = useQuery({ ...tagFullQuery(tagId ?? 0), enabled: tagId !== null && !!user });
  if (isPending) return <LoadingState label="Loading" />;
  if (!user) {
    return (
      <Stack>
        <WikiNav />
        <Alert title="Sign in to edit the wiki" color="blue">
          Everyone can read tags; signed-in members create and edit them.{' '}
          <Anchor component={Link} to={paths.login} state={{ from: location.pathname }}>
            Sign in
          </Anchor>
        </Alert>
      </Stack>
    );
  }
  // A new tag may start from a title (the table's "Create" for a search nothing matched).
  if (tagId === null)
    return <TagForm key="new" initial={{ ...emptyDraft, title: params.get('title') ?? '' }} />;
  if (existing.isError) {
    return (
      <ErrorState
        title="Couldn't load this tag"
        message={existing.error.message}
        onRetry={existing.refetch}
      />
    );
  }
  if (!existing.data) return <LoadingState label="Loading the tag" />;
  return <TagForm key={existing.data.id} initial={draftOf(existing.data)} tag={existing.data} />;
}

function TagForm({ initial, tag }: { initial: Draft; tag?: TagFull }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const create = useCreateTag();
  const update = useUpdateTag(tag?.id ?? 0);
  const [draft, setDraft] = useState(initial);
  const [baseVersion, setBaseVersion] = useState(tag?.version ?? 0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState<TagFull | null>(null);
  usePageTitle(tag ? `Edit ${displayTagTitle(tag.title)} · Wiki` : undefined);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const saving = create.isPending || update.isPending;
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const guard = useUnsavedGuard(dirty, tag ? 'this tag' : 'the new tag');
  const isSynonym = !!tag?.synonymOf;

  const fail = (err: Error) => {
    toast.error(tag ? messages.tagUpdateFailed : messages.tagCreateFailed);
    if (err instanceof ApiError && Object.keys(err.fields).length > 0 && err.code !== TAG_CONFLICT_CODE) {
      setErrors(err.fields);
    }
    setFailure(err.message);
  };

  const save = async (version = baseVersion) => {
    const found = fieldErrors(tagCreateBodySchema, draft);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    try {
      const saved = tag ? await update.mutateAsync({ ...draft, version }) : await create.mutateAsync(draft);
      toast.success(saved.message);
      guard.allowNext();
      void navigate(toPath('wikiTag', { title: saved.tag.title }));
    } catch (err) {
      if (tag && err instanceof ApiError && err.code === TAG_CONFLICT_CODE) {
        setConflict(await qc.fetchQuery({ ...tagFullQuery(tag.id), staleTime: 0 }));
        return;
      }
      fail(err as Error);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Stack maw={720}>
        <WikiNav />
        <PageHeader title={tag ? `Edit “${displayTagTitle(tag.title)}”` : 'New tag'} />
        {conflict && (
          <ConflictView
            latest={conflict}
            baseVersion={baseVersion}
            saving={saving}
            onKeepMine={() => {
              setBaseVersion(conflict.version);
              setConflict(null);
              void save(conflict.version);
            }}
            onTakeTheirs={() => {
              setDraft(draftOf(conflict));
              setBaseVersion(conflict.version);
              setConflict(null);
            }}
          />
        )}
        {failure && !conflict && (
          <Alert color="red" title={tag ? messages.tagUpdateFailed : messages.tagCreateFailed} role="alert">
            {failure}
          </Alert>
        )}
        <TextInput
          label="Title"
          description={`Up to ${TAG_TITLE_MAX} characters. Stored in lower case with "_" for spaces; unique across tags and synonyms.`}
          required
          value={draft.title}
          onChange={(e) => set('title', e.currentTarget.value)}
          error={errors.title}
          maxLength={TAG_TITLE_MAX * 2}
        />
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label="Type"
            data={[...TAG_TYPES]}
            value={draft.tagType}
            onChange={(v) => v && set('tagType', v)}
            allowDeselect={false}
            error={errors.tagType}
            miw={180}
          />
          <Select
            label="Maturity"
            description="NSFW tags are suggested only to readers who display NSFW"
            data={[...TAG_MATURITIES]}
            value={draft.maturity}
            onChange={(v) => v && set('maturity', v)}
            allowDeselect={false}
            error={errors.maturity}
            miw={180}
          />
        </Group>
        <Textarea
          label="Description"
          description={`What the tag means and when to use it (up to ${TAG_DESCRIPTION_MAX} characters)`}
          autosize
          minRows={4}
          value={draft.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          error={errors.description}
        />
        {isSynonym ? (
          <Text size="sm" c="dimmed">
            This tag is a synonym of “{displayTagTitle(tag.synonymOf!.title)}”: synonyms have no synonyms or
            parents of their own.
          </Text>
        ) : (
          <>
            <TagPicker
              label="Synonyms"
              description={`Other names that mean this tag (up to ${TAG_SYNONYMS_MAX}). A new name is created as a synonym.`}
              allowNew
              value={draft.synonyms}
              onChange={(v) => set('synonyms', v)}
              exclude={[draft.title]}
              maxTags={TAG_SYNONYMS_MAX}
              error={errors.synonyms ?? errors['synonyms.0']}
            />
            <TagPicker
              label="Parent tags"
              description={`Tags this one implies (up to ${TAG_PARENTS_MAX}): cat → feline. Pick existing tags.`}
              value={draft.parentTags}
              onChange={(v) => set('parentTags', v)}
              exclude={[draft.title]}
              maxTags={TAG_PARENTS_MAX}
              error={errors.parentTags ?? errors['parentTags.0']}
            />
          </>
        )}
        <Group justify="flex-end">
          <Button
            variant="default"
            component={Link}
            to={tag ? toPath('wikiTag', { title: tag.title }) : paths.wikiTags}
          >
            Cancel
          </Button>
          <Button type="submit" loading={saving} disabled={!!conflict}>
            {tag ? 'Save tag' : 'Create tag'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
