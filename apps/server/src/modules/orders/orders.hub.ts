import { commissionRequestCreateSchema } from '@brushline/shared/orders/schemas';
import { SPEC_HUB_ARGUMENTS, type CommissionRequestSent } from '@brushline/shared/realtime';
import type { Deps } from '../../platform/deps.ts';
import { answerCall, callFields, parseCall } from '../../platform/hub-calls.ts';
import type { Actor } from '../../platform/session.ts';
import { findFormRows, sentBy, toCard } from './orders.repo.ts';
import { formNotFound } from './orders.service.ts';

/**
 * SPEC §7 ComissionRequestCreate(uuid): in the original the client told the hub after sending a
 * form, and the hub told the artist. Here the server tells the artist itself once the form is
 * stored (ComissionRequestRecieved), so the call sends nothing again (a client calling it would
 * otherwise ping the artist twice, and any client could ping anyone); it confirms the caller's
 * newest form to the card with this uuid, or answers 404 when they sent none.
 */
export async function confirmRequestSent(
  ctx: Pick<Deps, 'db'>,
  actor: Actor,
  cardUuid: string,
): Promise<CommissionRequestSent> {
  const [row] = await findFormRows(ctx.db, [sentBy(actor.id), toCard(cardUuid)], 1);
  if (!row?.cardUuid) throw formNotFound();
  return { formId: row.id, cardUuid: row.cardUuid };
}

/** The orders' hub call: ComissionRequestCreate, as `{uuid}` or the SPEC's `(uuid)`. */
export function registerOrdersHub(deps: Deps) {
  deps.hub.handle('ComissionRequestCreate', ({ actor }, args, reply) =>
    answerCall(deps, reply, async () => {
      const { fields } = callFields(args, SPEC_HUB_ARGUMENTS.ComissionRequestCreate);
      const { uuid } = parseCall(commissionRequestCreateSchema, fields);
      return { data: await confirmRequestSent(deps, actor, uuid) };
    }),
  );
}
