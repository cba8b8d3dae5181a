import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Card } from '@brushline/shared/cards/schemas';
import { messages } from '@brushline/shared/messages';
import { TASK_STATUSES, type TaskStatus } from '@brushline/shared/orders/constants';
import { orderMessages } from '@brushline/shared/orders/messages';
import type { SentForm } from '@brushline/shared/orders/schemas';
import {
  allowedActions,
  nextStatus,
  TASK_ACTIONS,
  TASK_SIDES,
  type TaskAction,
  type TaskSide,
} from '@brushline/shared/orders/status-machine';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import {
  call,
  createCard,
  deliveryBody,
  notificationsAbout,
  registerArtist,
  sendForm,
  statusOf,
  type TestUser,
} from '../../test/kit.ts';

let t: TestApp;
let ann: TestUser; // the artist
let buyers: TestUser[]; // forms are spread over several buyers: 30 forms per user per 10 minutes
let stranger: TestUser;
let card: Card;
let formCount = 0;
beforeAll(async () => {
  t = await createTestApp();
  ann = await registerArtist(t);
  buyers = [];
  for (let i = 0; i < 5; i += 1) buyers.push(await registerUser(t.app, t.dataDir));
  stranger = await registerUser(t.app, t.dataDir);
  card = await createCard(t, ann);
});
afterAll(() => t.close());

/** A fresh form (status none) from the next buyer in turn. */
async function freshForm(): Promise<{ form: SentForm; buyer: TestUser }> {
  const buyer = buyers[formCount % buyers.length]!;
  formCount += 1;
  return { form: await sendForm(t, buyer, card), buyer };
}

/** Performs `action` through its route, as `user`. */
function perform(action: TaskAction, form: SentForm, user: TestUser) {
  const task = form.task.id;
  switch (action) {
    case 'decline':
      return call(t.app, 'DELETE', `/api/comissionform/decline/${form.id}`, user.cookie);
    case 'cancel':
      return call(t.app, 'DELETE', `/api/comissionform/decline-request-as-buyer/${form.id}`, user.cookie);
    case 'sendBack':
      return call(t.app, 'PUT', `/api/task/${task}/send-back`, user.cookie, {
        comment: 'Bigger eyes, please',
      });
    case 'deliver':
      return deliveryBody(t, user).then((body) =>
        call(t.app, 'PUT', `/api/task/${task}/deliver`, user.cookie, body),
      );
    default:
      return call(t.app, 'PUT', `/api/task/${task}/${action}`, user.cookie);
  }
}

/** Drives a fresh form to `status` along the legal path. */
async function formAt(status: 'waiting' | 'processing' | 'finished') {
  const { form, buyer } = await freshForm();
  const path: TaskAction[] = ['accept', 'start', 'deliver'];
  for (const action of path.slice(0, ['waiting', 'processing', 'finished'].indexOf(status) + 1)) {
    expect((await perform(action, form, ann)).statusCode).toBe(200);
  }
  return { form, buyer };
}

const expectedFailMessage = (action: TaskAction) =>
  action === 'decline'
    ? messages.formDeclineFailed
    : action === 'cancel'
      ? messages.buyerCancelFailed
      : orderMessages.illegalTransition;

type Actor = TaskSide | 'stranger';
const step = fc.record({
  // Mostly legal moves, so sequences get past "none"; the rest are any action by anyone.
  mode: fc.constantFrom('legal', 'legal', 'any'),
  pick: fc.nat(),
  action: fc.constantFrom(...TASK_ACTIONS),
  actor: fc.constantFrom<Actor>(...TASK_SIDES, 'stranger'),
});

describe('the server follows the status machine', () => {
  it('random command sequences: the server’s status always equals the model’s', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const { form, buyer } = await freshForm();
        let model: TaskStatus = 'none';
        for (const s of steps) {
          let action = s.action;
          let actor: Actor = s.actor;
          if (s.mode === 'legal') {
            const legal = TASK_SIDES.flatMap((side) => allowedActions(model, side).map((a) => ({ a, side })));
            if (legal.length > 0) ({ a: action, side: actor } = legal[s.pick % legal.length]!);
          }
          const user = actor === 'artist' ? ann : actor === 'buyer' ? buyer : stranger;
          const res = await perform(action, form, user);
          const next: TaskStatus | null = actor === 'stranger' ? null : nextStatus(model, action, actor);
          if (actor === 'stranger') {
            expect(res.statusCode).toBe(404);
          } else if (next === null) {
            expect(res.statusCode, `${model} ${action} by ${actor}`).toBe(409);
            expect(res.json().error).toEqual({
              code: 'illegal_transition',
              message: expectedFailMessage(action),
            });
          } else {
            expect(res.statusCode, `${model} ${action} by ${actor}: ${res.body}`).toBe(200);
            model = next;
          }
          const status = await statusOf(t, ann, form.id);
          expect(TASK_STATUSES).toContain(status);
          expect(status).toBe(model);
        }
      }),
      { numRuns: 40, endOnFailure: true },
    );
  });

  it('send-back needs a comment (400) and keeps it on the task', async () => {
    const { form, buyer } = await formAt('finished');
    const empty = await call(t.app, 'PUT', `/api/task/${form.task.id}/send-back`, buyer.cookie, {
      comment: '  ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(orderMessages.commentRequired);
    expect(await statusOf(t, ann, form.id)).toBe('finished');
    const res = await perform('sendBack', form, buyer);
    expect(res.json<SentForm>().task).toMatchObject({ status: 'processing', comment: 'Bigger eyes, please' });
  });

  it('unknown tasks and forms answer 404', async () => {
    expect((await call(t.app, 'PUT', '/api/task/999999/accept', ann.cookie)).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', '/api/comissionform/decline/999999', ann.cookie)).statusCode).toBe(
      404,
    );
    expect((await call(t.app, 'PUT', '/api/task/abc/accept', ann.cookie)).statusCode).toBe(400);
  });
});

describe('simultaneous moves', () => {
  const codes = (rs: { statusCode: number }[]) => rs.map((r) => r.statusCode).sort();
  const commissionStatusCount = async (user: TestUser, form: SentForm) =>
    (await notificationsAbout(t, user, form.id)).filter((n) => n.type === 'commission_status').length;

  it('the same move twice at once: exactly one succeeds, every time', async () => {
    for (let i = 0; i < 12; i += 1) {
      const { form, buyer } = await freshForm();
      const notesBefore = await commissionStatusCount(buyer, form);
      const results = await Promise.all([perform('accept', form, ann), perform('accept', form, ann)]);
      expect(codes(results)).toEqual([200, 409]);
      expect(await statusOf(t, ann, form.id)).toBe('waiting');
      expect(await commissionStatusCount(buyer, form)).toBe(notesBefore + 1);
    }
  });

  it('accept and decline at once: one wins and the task is in the winner’s status', async () => {
    for (let i = 0; i < 10; i += 1) {
      const { form } = await freshForm();
      const [accept, decline] = await Promise.all([
        perform('accept', form, ann),
        perform('decline', form, ann),
      ]);
      expect(codes([accept, decline])).toEqual([200, 409]);
      expect(await statusOf(t, ann, form.id)).toBe(accept.statusCode === 200 ? 'waiting' : 'declined');
    }
  });

  it('the artist accepting while the buyer cancels: one wins', async () => {
    for (let i = 0; i < 8; i += 1) {
      const { form, buyer } = await freshForm();
      const [accept, cancel] = await Promise.all([
        perform('accept', form, ann),
        perform('cancel', form, buyer),
      ]);
      expect(codes([accept, cancel])).toEqual([200, 409]);
      expect(await statusOf(t, ann, form.id)).toBe(accept.statusCode === 200 ? 'waiting' : 'canceled');
    }
  });

  it('approve and send back at once: one wins', async () => {
    for (let i = 0; i < 4; i += 1) {
      const { form, buyer } = await formAt('finished');
      const [approve, back] = await Promise.all([
        perform('approve', form, buyer),
        perform('sendBack', form, buyer),
      ]);
      expect(codes([approve, back])).toEqual([200, 409]);
      expect(await statusOf(t, ann, form.id)).toBe(approve.statusCode === 200 ? 'done' : 'processing');
    }
  });
});

describe('notifications on status changes', () => {
  it('each move stores a commission_status notification for the other side and pushes it', async () => {
    const { form, buyer } = await freshForm();
    const toUser = vi.spyOn(t.app.deps.hub, 'toUser');
    const title = '“Portrait”';
    const delivered = `${ann.login} delivered ${title}`;
    const expectations: [TaskAction, TestUser, TestUser, string, boolean][] = [
      ['accept', ann, buyer, `${ann.login} accepted your request for ${title}`, true],
      ['start', ann, buyer, `${ann.login} started working on ${title}`, true],
      ['deliver', ann, buyer, `${delivered}: 1 file. Approve it or send it back`, true],
      ['sendBack', buyer, ann, `${buyer.login} sent ${title} back (revision 1): Bigger eyes, please`, true],
      ['deliver', ann, buyer, `${delivered} again (revision 1): 1 file. Approve it or send it back`, true],
      ['approve', buyer, ann, `${buyer.login} approved ${title}`, true],
    ];
    for (const [action, actor, other, message, isAccepted] of expectations) {
      expect((await perform(action, form, actor)).statusCode).toBe(200);
      const [note] = await notificationsAbout(t, other, form.id);
      expect(note).toMatchObject({
        // A delivery is its own kind, so it can be mailed (or not) apart from status changes.
        type: action === 'deliver' ? 'commission_delivery' : 'commission_status',
        message,
        sentCard: { id: form.id, isAccepted },
      });
      expect(toUser).toHaveBeenLastCalledWith(
        other.id,
        'NotificationRecieved',
        expect.objectContaining({ kind: 'crm', notification: expect.objectContaining({ message }) }),
      );
    }
    toUser.mockRestore();
  });

  it('decline tells the buyer and cancel tells the artist; neither counts as accepted', async () => {
    const declined = await freshForm();
    expect((await perform('decline', declined.form, ann)).json()).toEqual({ message: messages.formDeclined });
    expect((await notificationsAbout(t, declined.buyer, declined.form.id))[0]).toMatchObject({
      message: `${ann.login} declined your request for “Portrait”`,
      sentCard: { id: declined.form.id, isAccepted: false },
    });

    const canceled = await freshForm();
    const res = await perform('cancel', canceled.form, canceled.buyer);
    expect(res.json()).toEqual({ message: messages.buyerCanceled });
    expect((await notificationsAbout(t, ann, canceled.form.id))[0]).toMatchObject({
      message: `${canceled.buyer.login} canceled their request for “Portrait”`,
      sentCard: { id: canceled.form.id, isAccepted: false },
    });
  });

  it('a refused move stores no notification', async () => {
    const { form, buyer } = await freshForm();
    expect(await notificationsAbout(t, buyer, form.id)).toEqual([]);
    expect((await perform('start', form, ann)).statusCode).toBe(409);
    expect(await notificationsAbout(t, buyer, form.id)).toEqual([]);
  });
});
