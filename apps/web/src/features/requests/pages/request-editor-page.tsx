import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { messages } from '@brushline/shared/messages';
import { paths, toPath } from '@brushline/shared/paths';
import type { Request, RequestBodyInput } from '@brushline/shared/requests/schemas';
import { openConfirmModal } from '../../../lib/confirm.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { applyServerError } from '../../../lib/server-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateRequest, useDeleteRequest, useUpdateRequest } from '../api/request-queries.ts';
import { RequestDetails } from '../components/request-details.tsx';
import { RequestForm } from '../components/request-form.tsx';
import { OneRequest } from '../components/request-unavailable.tsx';
import { RequestsNav } from '../components/requests-nav.tsx';

type Alert = { title: string; text: string } | null;

/** /crm/requests/create: a new request; once created, its editor (by guid) opens. */
export function RequestCreatePage() {
  const navigate = useNavigate();
  const create = useCreateRequest();
  const [alert, setAlert] = useState<Alert>(null);
  const save: Parameters<typeof RequestForm>[0]['onSave'] = (body, form) => {
    setAlert(null);
    create.mutate(body, {
      onSuccess: (r) => {
        toast.success(r.message);
        form.allowLeave();
        void navigate(toPath('crmRequestEditor', { guid: r.guid }));
      },
      onError: (err) => {
        toast.error(messages.requestCreateFailed);
        setAlert({
          title: messages.requestCreateFailed,
          text: applyServerError(err, form.setFieldError) ?? err.message,
        });
      },
    });
  };
  return (
    <Stack gap="md">
      <RequestsNav />
      <Title order={2} fz="h3">
        Create request
      </Title>
      <RequestForm
        request={null}
        saving={create.isPending}
        alert={alert}
        onSave={save}
        onCancel={() => void navigate(paths.crmRequests)}
        submitLabel="Create request"
      />
    </Stack>
  );
}

/** The editor's view mode: the request as artists see it, with Edit and Delete. */
function ViewMode({ request, onEdit }: { request: Request; onEdit: () => void }) {
  const navigate = useNavigate();
  const remove = useDeleteRequest();
  const askDelete = () =>
    openConfirmModal({
      title: 'Delete this request?',
      children: `"${request.title}" and its pending applications are deleted. Orders already made from it stay. This cannot be undone.`,
      labels: { confirm: 'Delete request', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(request.guid, {
          onSuccess: (r) => {
            toast.success(r.message);
            void navigate(paths.crmRequests);
          },
          onError: () => toast.error(messages.requestDeleteFailed),
        }),
    });
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Anchor component={Link} to={paths.crmRequests} size="sm">
          ← My requests
        </Anchor>
        <Group gap="xs">
          {request.privacy === 'public' && (
            <Button variant="default" component={Link} to={toPath('request', { guid: request.guid })}>
              Public page
            </Button>
          )}
          <Button variant="default" color="red" c="red.9" onClick={askDelete} loading={remove.isPending}>
            Delete
          </Button>
          <Button onClick={onEdit}>Edit</Button>
        </Group>
      </Group>
      <RequestDetails request={request} headingOrder={2} />
    </Stack>
  );
}

/** /crm/requests/editor/{guid}: one of the user's requests, in view mode until Edit is pressed. */
export function RequestEditorPage() {
  const { guid = '' } = useParams();
  return (
    <Stack gap="md">
      <RequestsNav />
      <OneRequest guid={guid} inEditor>
        {(data) => <Editor request={data.request} />}
      </OneRequest>
    </Stack>
  );
}

function Editor({ request }: { request: Request }) {
  const navigate = useNavigate();
  const update = useUpdateRequest();
  const [editing, setEditing] = useState(false);
  const [alert, setAlert] = useState<Alert>(null);
  usePageTitle(`${request.title} · Request editor`);
  const save: Parameters<typeof RequestForm>[0]['onSave'] = (body: RequestBodyInput, form) => {
    setAlert(null);
    update.mutate(
      { id: request.id, body },
      {
        onSuccess: (r) => {
          toast.success(r.message);
          form.allowLeave();
          void navigate(paths.crmRequests);
        },
        onError: (err) => {
          toast.error(messages.requestSaveFailed);
          setAlert({
            title: messages.requestSaveFailed,
            text: applyServerError(err, form.setFieldError) ?? err.message,
          });
        },
      },
    );
  };
  if (!editing) return <ViewMode request={request} onEdit={() => setEditing(true)} />;
  return (
    <>
      <Title order={2} fz="h3">
        Edit request
      </Title>
      <RequestForm
        key={request.updatedAt}
        request={request}
        saving={update.isPending}
        alert={alert}
        onSave={save}
        onCancel={() => {
          setAlert(null);
          setEditing(false);
        }}
        submitLabel="Save request"
      />
    </>
  );
}
