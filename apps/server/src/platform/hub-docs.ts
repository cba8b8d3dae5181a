import { HUB_PATH, SPEC_HUB_ARGUMENTS } from '@brushline/shared/realtime';

/** The object form's fields per call, in the same order as the SPEC's list where they overlap. */
const OBJECT_FORMS: Record<keyof typeof SPEC_HUB_ARGUMENTS, string> = {
  CreatePrivateChat: '{otherLogin, type, login?}',
  MessageSend: '{room, clientId, text, attachments, login?}',
  ChatRead: '{room, upTo?, login?}',
  ComissionRequestCreate: '{uuid}',
  ComissionApprovalRequestCreatedNotification: '{application}',
};

const WHAT: Record<keyof typeof SPEC_HUB_ARGUMENTS, string> = {
  CreatePrivateChat: 'opens (or finds) the one room of the pair and kind; answers the room',
  MessageSend:
    'stores the message, answers it, then MessageReceived reaches both members. The object form is ' +
    'idempotent by `clientId` (a resend stores once); the SPEC form has no client id, so each call ' +
    'stores one message',
  ChatRead: "moves the caller's read pointer (the SPEC form: to the last message)",
  ComissionRequestCreate:
    "confirms the caller's newest form to the card with this uuid (`{formId, cardUuid}`); the artist " +
    'was told (ComissionRequestRecieved) when the form was stored, so nothing is sent again',
  ComissionApprovalRequestCreatedNotification:
    "confirms the caller's application, named by its id or by its request's guid " +
    '(`{applicationId, requestGuid}`); the owner was told (AppliedForRequestRecieved) when it was stored',
};

/**
 * The real-time hub as /api/docs tells it (the OpenAPI document has no place for Socket.IO events,
 * so it is part of the document's description). Built from SPEC_HUB_ARGUMENTS, the list the
 * server reads the SPEC's argument lists with.
 */
export function hubDescription(): string {
  const calls = (Object.keys(SPEC_HUB_ARGUMENTS) as (keyof typeof SPEC_HUB_ARGUMENTS)[]).map(
    (name) =>
      `- \`${name}(${SPEC_HUB_ARGUMENTS[name].join(', ')})\` or \`${name}(${OBJECT_FORMS[name]})\`: ${WHAT[name]}.`,
  );
  return [
    '## Real-time hub',
    `Socket.IO at path \`${HUB_PATH}\` on this origin, signed in by the session cookie. Server events: ` +
      '`NotificationRecieved`, `MessageReceived`, `ChatReadUpdated`, `ChatTyping`, `ComissionRequestRecieved`, ' +
      '`AppliedForRequestRecieved`, `BoardUpdated`, `UserConnected`, `UserDisconnected`.',
    "Client calls take either SPEC §7's argument list or one object (what the web app sends), with an " +
      'acknowledgement callback last that receives `{ok: true, data}` or `{ok: false, error: {code, message}}` ' +
      "(the HTTP API's codes and messages). A `login` argument is the caller's own: the hub acts as the " +
      'signed-in user, and a login naming anyone else is refused with `login_mismatch`.',
    ...calls,
    '- `ChatTyping({room})` (no acknowledgement) and `WhoIsOnline([userIds], reply)` are beyond the SPEC.',
  ].join('\n');
}
