import { describe, expect, it } from 'vitest';
import {
  auditActionText,
  caseCountText,
  contentFields,
  restrictionText,
  roleLabel,
  sameContent,
  targetPath,
} from './admin-text.ts';

describe('admin words', () => {
  it('say what each staff action did', () => {
    expect(auditActionText({ action: 'suspend', detail: { days: 7 } })).toBe('suspended for 7 days');
    expect(auditActionText({ action: 'suspend', detail: { days: 1 } })).toBe('suspended for 1 day');
    expect(auditActionText({ action: 'ban', detail: {} })).toBe('banned');
    expect(auditActionText({ action: 'lift', detail: {} })).toBe('lifted the restriction');
    expect(auditActionText({ action: 'lift', detail: { kind: 'suspended' } })).toBe('lifted the suspension');
    expect(auditActionText({ action: 'lift', detail: { kind: 'banned' } })).toBe('lifted the ban');
    expect(auditActionText({ action: 'warn', detail: {} })).toBe('warned');
    expect(auditActionText({ action: 'end_sessions', detail: {} })).toBe('ended every session');
    expect(auditActionText({ action: 'grant_role', detail: { role: 'moderator' } })).toBe(
      'granted the role moderator',
    );
    expect(auditActionText({ action: 'revoke_role', detail: { role: 'subscriber-tier-2' } })).toBe(
      'revoked the role subscriber (tier 2)',
    );
    expect(auditActionText({ action: 'set_badge', detail: { badge: 'verified' } })).toBe(
      'set the badge verified',
    );
    expect(auditActionText({ action: 'unset_badge', detail: { badge: 'alpha' } })).toBe(
      'removed the badge alpha',
    );
    expect(auditActionText({ action: 'hide', detail: { case: 12, kind: 'post', target: '7' } })).toBe(
      'hid the post',
    );
    expect(auditActionText({ action: 'unhide', detail: {} })).toBe('showed content again');
    expect(auditActionText({ action: 'relabel', detail: { kind: 'post', maturity: 'nsfw' } })).toBe(
      'labelled the post nsfw',
    );
    expect(auditActionText({ action: 'resolve_case', detail: { case: 12, kind: 'card' } })).toBe(
      'resolved case #12',
    );
    expect(auditActionText({ action: 'dismiss_case', detail: {} })).toBe('dismissed a case');
  });

  it('name restrictions and roles', () => {
    expect(restrictionText({ kind: 'suspended', until: '2026-12-04T12:00:00.000Z', reason: 'x' })).toBe(
      'Suspended until 4 December 2026',
    );
    expect(restrictionText({ kind: 'banned', until: null, reason: 'x' })).toBe('Banned');
    expect(roleLabel('admin')).toBe('Admin');
    expect(roleLabel('subscriber-tier-1')).toBe('Subscriber (tier 1)');
  });
});

describe('report case words', () => {
  const fields = (c: Record<string, unknown>) => contentFields(c).map((f) => [f.label, f.value]);

  it('label reported content in a fixed order, count pictures and files, and leave the staff notice out', () => {
    expect(
      fields({
        text: 'Hi\nthere',
        maturity: 'questionable',
        aiLabel: 'assisted',
        media: ['a', 'b'],
        owner: 'ann',
        hiddenByStaff: 'x',
      }),
    ).toEqual([
      ['Owner', '@ann'],
      ['Text', 'Hi\nthere'],
      ['Maturity', 'Questionable'],
      ['AI label', 'AI-assisted'],
      ['Pictures', '2 pictures'],
    ]);
    expect(
      fields({
        login: 'ann',
        displayName: 'Ann',
        avatar: '/p.webp',
        banner: null,
        socials: ['https://a.example'],
      }),
    ).toEqual([
      ['Display name', 'Ann'],
      ['Login', 'ann'],
      ['Social links', 'https://a.example'],
      ['Avatar', '1 picture'],
      ['Banner', 'None'],
    ]);
    expect(
      fields({ title: 'Portraits', info: '', terms: 'No refunds', startingPrice: 20, banner: 'id' }),
    ).toEqual([
      ['Title', 'Portraits'],
      ['Information', 'None'],
      ['Terms', 'No refunds'],
      ['Starting price', '$20.00'],
      ['Banner', '1 picture'],
    ]);
    expect(
      fields({ text: '', sender: 'bob', attachments: ['f'], sentAt: 'soon', extraThing: { a: 1 } }),
    ).toEqual([
      ['Sender', '@bob'],
      ['Sent', '"soon"'],
      ['Text', 'None'],
      ['Attachments', '1 file'],
      ['Extra thing', '{"a":1}'],
    ]);
    expect(fields({ title: 'Sunset', media: 'm', tags: [] })).toEqual([
      ['Title', 'Sunset'],
      ['Tags', 'None'],
      ['Pictures', '1 picture'],
    ]);
  });

  it('tell whether content changed, the staff notice aside', () => {
    expect(sameContent({ a: 1, b: [1], hiddenByStaff: null }, { b: [1], a: 1, hiddenByStaff: 'x' })).toBe(
      true,
    );
    expect(sameContent({ a: 1 }, { a: 2 })).toBe(false);
  });

  it('link the target where the site has a page', () => {
    expect(targetPath({ targetKind: 'post', targetId: '7', live: null })).toBe('/post/7');
    expect(targetPath({ targetKind: 'profile', targetId: 'ann', live: null })).toBe('/profile/ann/home');
    expect(targetPath({ targetKind: 'card', targetId: 'u-1', live: null })).toBe('/commission/u-1');
    expect(targetPath({ targetKind: 'request', targetId: 'g-1', live: null })).toBe('/requests/g-1');
    expect(targetPath({ targetKind: 'tag', targetId: 'fan art', live: { title: 'Fan Art' } })).toBe(
      '/wiki/tag/Fan%20Art',
    );
    expect(targetPath({ targetKind: 'image', targetId: '5', live: null })).toBeNull();
    expect(targetPath({ targetKind: 'message', targetId: '5', live: null })).toBeNull();
  });

  it('count the cases of a filter', () => {
    expect(caseCountText(3, 'open')).toBe('3 open cases');
    expect(caseCountText(1, 'resolved')).toBe('1 resolved case');
    expect(caseCountText(1, 'investigating')).toBe('1 case being investigated');
  });
});
