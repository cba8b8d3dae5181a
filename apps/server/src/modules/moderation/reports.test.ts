import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_LIMIT } from '@brushline/shared/moderation/constants';
import { reportMessages as rm } from '@brushline/shared/moderation/messages';
import type { AuditPage, CaseDetail, CasePage } from '@brushline/shared/moderation/schemas';
import type { Post } from '@brushline/shared/posts/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { call, type TestUser, registerWithRole } from '../../test/kit.ts';
import { openCasual, say } from '../chat/chat-fixtures.ts';
import { postRequest, sampleRequest } from '../requests/request-fixtures.ts';

let t: TestApp;
let admin: TestUser;
let moderator: TestUser;

const withRole = (role: 'admin' | 'moderator') => registerWithRole(t, role);

beforeAll(async () => {
  t = await createTestApp();
  admin = await withRole('admin');
  moderator = await withRole('moderator');
});
afterAll(() => t.close());

async function newPost(owner: TestUser, text: string): Promise<Post> {
  const res = await call(t.app, 'POST', '/api/post', owner.cookie, { postContent: text, maturity: 'sfw' });
  if (res.statusCode !== 200) throw new Error(`post ${res.statusCode}: ${res.body}`);
  return res.json<Post>();
}

const report = (who: TestUser, body: object) => call(t.app, 'POST', '/api/report', who.cookie, body);
const caseOf = async (kind: string, id: string) =>
  (await call(t.app, 'GET', '/api/admin/cases', moderator.cookie))
    .json<CasePage>()
    .cases.find((c) => c.targetKind === kind && c.targetId === id)!;
const notes = async (user: TestUser) => (await call(t.app, 'GET', '/api/notifications', user.cookie)).body;

describe('reports', () => {
  it('groups the reports of one target into a case, one per person, never of one’s own content', async () => {
    const owner = await registerUser(t.app, t.dataDir);
    const [first, second] = [await registerUser(t.app, t.dataDir), await registerUser(t.app, t.dataDir)];
    const post = await newPost(owner, 'Buy cheap followers at example.test');
    const sent = await report(first, { targetKind: 'post', targetId: String(post.id), reason: 'spam' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ message: rm.sent });
    expect(
      (
        await report(second, {
          targetKind: 'post',
          targetId: String(post.id),
          reason: 'harassment',
          comment: 'They spam every thread',
        })
      ).statusCode,
    ).toBe(200);
    const again = await report(first, { targetKind: 'post', targetId: String(post.id), reason: 'spam' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(rm.alreadyReported);
    expect(
      (await report(owner, { targetKind: 'post', targetId: String(post.id), reason: 'spam' })).statusCode,
    ).toBe(409);
    const listed = await caseOf('post', String(post.id));
    expect(listed).toMatchObject({
      status: 'new',
      reports: 2,
      reasons: ['harassment', 'spam'],
      targetOwner: { login: owner.login },
    });
    expect(listed.title).toContain('Buy cheap followers');
    const detail = (
      await call(t.app, 'GET', `/api/admin/case/${listed.id}`, moderator.cookie)
    ).json<CaseDetail>();
    expect(detail.reportList.map((r) => [r.reporter?.login, r.reason, r.comment])).toEqual([
      [second.login, 'harassment', 'They spam every thread'],
      [first.login, 'spam', ''],
    ]);
    expect(detail.reportList[0]!.snapshot).toMatchObject({ text: 'Buy cheap followers at example.test' });
    expect(detail).toMatchObject({ canHide: true, hidden: false });
  });

  it.each([
    [
      'what nobody can see',
      { targetKind: 'post', targetId: '999999', reason: 'spam' },
      404,
      rm.targetNotFound,
    ],
    [
      'a post id that is not a number',
      { targetKind: 'post', targetId: 'abc', reason: 'spam' },
      404,
      rm.targetNotFound,
    ],
    [
      'a chat message of a room one is not in',
      { targetKind: 'message', targetId: '1', reason: 'spam' },
      404,
      rm.targetNotFound,
    ],
    ['no reason', { targetKind: 'profile', targetId: 'x' }, 400, rm.reasonRequired],
    [
      '“other” without a comment',
      { targetKind: 'profile', targetId: 'x', reason: 'other' },
      400,
      rm.otherNeedsComment,
    ],
    [
      'a comment too long',
      { targetKind: 'profile', targetId: 'x', reason: 'spam', comment: 'x'.repeat(1001) },
      400,
      rm.commentTooLong,
    ],
  ])('refuses %s', async (_name, body, status, message) => {
    const user = await registerUser(t.app, t.dataDir);
    const res = await report(user, body);
    expect(res.statusCode).toBe(status);
    expect(res.body).toContain(JSON.stringify(message).slice(1, -1));
  });

  it('a chat message is reported by a member of its room, and by nobody else', async () => {
    const [sender, member, outsider] = [
      await registerUser(t.app, t.dataDir),
      await registerUser(t.app, t.dataDir),
      await registerUser(t.app, t.dataDir),
    ];
    const room = await openCasual(t, member, sender);
    const message = await say(t, sender, room.id, 'Pay me outside the site or else');
    const body = { targetKind: 'message', targetId: String(message.id), reason: 'harassment' };
    const refused = await report(outsider, body);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe(rm.targetNotFound);
    expect((await report(member, body)).statusCode).toBe(200);
    const c = await caseOf('message', String(message.id));
    expect(c.targetOwner?.login).toBe(sender.login);
    expect(c.title).toContain('Pay me outside the site');
  });

  it('keeps what the content said when it was reported, beside what it says now', async () => {
    const owner = await registerUser(t.app, t.dataDir);
    const request = await postRequest(t, owner, { title: 'Rude request' });
    const reporter = await registerUser(t.app, t.dataDir);
    expect(
      (await report(reporter, { targetKind: 'request', targetId: request.guid, reason: 'harassment' }))
        .statusCode,
    ).toBe(200);
    const edit = await call(
      t.app,
      'PATCH',
      `/api/request/update/${request.id}`,
      owner.cookie,
      sampleRequest({ title: 'Polite request' }),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    const c = await caseOf('request', request.guid);
    const detail = (await call(t.app, 'GET', `/api/admin/case/${c.id}`, moderator.cookie)).json<CaseDetail>();
    expect(detail.reportList[0]!.snapshot).toMatchObject({ title: 'Rude request' });
    expect(detail.live).toMatchObject({ title: 'Polite request' });
    expect(detail.canHide).toBe(true);
  });

  it(`counts at most ${REPORT_LIMIT.points} reports an hour per user`, async () => {
    const user = await registerUser(t.app, t.dataDir);
    const statuses = [];
    for (let i = 0; i <= REPORT_LIMIT.points; i++)
      statuses.push(
        (await report(user, { targetKind: 'post', targetId: '999999', reason: 'spam' })).statusCode,
      );
    expect(statuses).toEqual([...Array<number>(REPORT_LIMIT.points).fill(404), 429]);
  });
});

describe('the queue', () => {
  it('a moderator takes a case, notes it, hides the post; reporters and owner are told, nobody learns who reported', async () => {
    const owner = await registerUser(t.app, t.dataDir);
    const reporter = await registerUser(t.app, t.dataDir);
    const stranger = await registerUser(t.app, t.dataDir);
    const post = await newPost(owner, 'A post that breaks the rules');
    await report(reporter, { targetKind: 'post', targetId: String(post.id), reason: 'harassment' });
    const { id } = await caseOf('post', String(post.id));

    const taken = await call(t.app, 'POST', `/api/admin/case/${id}/assign`, moderator.cookie, {
      assignToMe: true,
    });
    expect(taken.json<CaseDetail>()).toMatchObject({
      status: 'investigating',
      assignee: { login: moderator.login },
    });
    const noted = await call(t.app, 'POST', `/api/admin/case/${id}/note`, moderator.cookie, {
      text: 'Second time this week',
    });
    expect(noted.json<CaseDetail>().notes.map((n) => [n.author?.login, n.text])).toEqual([
      [moderator.login, 'Second time this week'],
    ]);

    const closed = await call(t.app, 'POST', `/api/admin/case/${id}/close`, moderator.cookie, {
      outcome: 'hide',
      resolution: 'Harassment is not allowed here.',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<{ message: string; case: CaseDetail }>()).toMatchObject({
      message: rm.hidden,
      case: { status: 'resolved', hidden: true, resolution: 'Harassment is not allowed here.' },
    });

    // Gone for everyone but its owner and staff.
    expect((await call(t.app, 'GET', '/api/posts/filter')).body).not.toContain('breaks the rules');
    expect((await call(t.app, 'GET', `/api/post/${post.id}`, stranger.cookie)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/post/${post.id}`)).statusCode).toBe(404);
    const own = await call(t.app, 'GET', `/api/post/${post.id}`, owner.cookie);
    expect(own.json<Post>().hiddenByStaff).toBe('Harassment is not allowed here.');
    expect((await call(t.app, 'GET', `/api/post/${post.id}`, admin.cookie)).statusCode).toBe(200);

    expect(await notes(reporter)).toContain(
      rm.reporterTold('a post', 'resolved', 'Harassment is not allowed here.').slice(0, 40),
    );
    const ownerNotes = await notes(owner);
    expect(ownerNotes).toContain('Staff hid your post. Hidden by staff: Harassment is not allowed here.');
    expect(ownerNotes).not.toContain(reporter.login);

    const again = await call(t.app, 'POST', `/api/admin/case/${id}/close`, admin.cookie, {
      outcome: 'dismiss',
      resolution: 'x',
    });
    expect(again.statusCode).toBe(409);
    const audit = (
      await call(t.app, 'GET', `/api/admin/audit?target=${owner.login}`, admin.cookie)
    ).json<AuditPage>();
    expect(audit.entries.map((e) => [e.action, e.actor?.login])).toEqual([
      ['resolve_case', moderator.login],
      ['hide', moderator.login],
    ]);
    // Hidden, it is nothing anyone else can report any more.
    const later = await registerUser(t.app, t.dataDir);
    expect(
      (await report(later, { targetKind: 'post', targetId: String(post.id), reason: 'spam' })).statusCode,
    ).toBe(404);
  });

  it('dismissing tells the reporters no action was taken; only hideable kinds can be hidden', async () => {
    const owner = await registerUser(t.app, t.dataDir);
    const reporter = await registerUser(t.app, t.dataDir);
    expect(
      (await report(reporter, { targetKind: 'profile', targetId: owner.login, reason: 'spam' })).statusCode,
    ).toBe(200);
    const { id } = await caseOf('profile', owner.login.toLowerCase());
    const hide = await call(t.app, 'POST', `/api/admin/case/${id}/close`, moderator.cookie, {
      outcome: 'hide',
      resolution: 'x',
    });
    expect(hide.statusCode).toBe(409);
    expect(hide.json().error.message).toBe(rm.cannotHide);
    const dismissed = await call(t.app, 'POST', `/api/admin/case/${id}/close`, moderator.cookie, {
      outcome: 'dismiss',
      resolution: 'The profile follows the rules.',
    });
    expect(dismissed.json().message).toBe(rm.dismissed);
    expect(await notes(reporter)).toContain('no action was taken: The profile follows the rules.');
    const open = (await call(t.app, 'GET', '/api/admin/cases', moderator.cookie)).json<CasePage>();
    expect(open.cases.map((c) => c.id)).not.toContain(id);
    const ended = (
      await call(t.app, 'GET', '/api/admin/cases?status=dismissed', moderator.cookie)
    ).json<CasePage>();
    expect(ended.cases.map((c) => c.id)).toContain(id);
  });
});
