import { requestMessages } from '@brushline/shared/requests/messages';
import { applicationNotifySchema } from '@brushline/shared/requests/schemas';
import { SPEC_HUB_ARGUMENTS, type ApplicationSent } from '@brushline/shared/realtime';
import type { Deps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { answerCall, callFields, parseCall } from '../../platform/hub-calls.ts';
import type { Actor } from '../../platform/session.ts';
import { applicationById, findApplicationRows, ofRequestGuid, sentByArtist } from './applications.repo.ts';

/**
 * SPEC §7 ComissionApprovalRequestCreatedNotification(application guid): in the original the
 * client told the hub after applying. Here the server tells the request's owner itself after the
 * commit (AppliedForRequestRecieved, decision 0018), so the call sends nothing again; it confirms
 * the caller's own application, named by its id or by its request's guid, or answers 404.
 */
export async function confirmApplicationSent(
  ctx: Pick<Deps, 'db'>,
  actor: Actor,
  application: number | string,
): Promise<ApplicationSent> {
  const which = typeof application === 'number' ? applicationById(application) : ofRequestGuid(application);
  const [row] = await findApplicationRows(ctx.db, [which, sentByArtist(actor.id)], 1);
  if (!row) throw notFound(requestMessages.applicationNotFound);
  return { applicationId: row.id, requestGuid: row.requestGuid };
}

/** The requests' hub call, as `{application}` or the SPEC's `(application)`. */
export function registerApplicationsHub(deps: Deps) {
  deps.hub.handle('ComissionApprovalRequestCreatedNotification', ({ actor }, args, reply) =>
    answerCall(deps, reply, async () => {
      const { fields } = callFields(args, SPEC_HUB_ARGUMENTS.ComissionApprovalRequestCreatedNotification);
      const { application } = parseCall(applicationNotifySchema, fields);
      return { data: await confirmApplicationSent(deps, actor, application) };
    }),
  );
}
