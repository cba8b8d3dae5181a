import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { EXPORT_INTERVAL_HOURS, EXPORT_LINK_DAYS } from '@brushline/shared/account/constants';
import { accountMessages as m, exportTimeText } from '@brushline/shared/account/messages';
import type { ExportAnswer, ExportState } from '@brushline/shared/account/schemas';
import { moderationMessages } from '@brushline/shared/moderation/messages';
import type { ReasonBody } from '@brushline/shared/moderation/schemas';
import { PRODUCT_NAME } from '@brushline/shared/site';
import type { Deps } from '../../platform/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { QueueSpec } from '../../platform/jobs.ts';
import type { Actor } from '../../platform/session.ts';
import { newToken, sha256 } from '../../platform/tokens.ts';
import { auditAccountAction } from '../moderation/moderation.service.ts';
import { requireStaff } from '../moderation/moderation.rules.ts';
import { buildZip, extensionOf, jsonEntry, textEntry, type ArchiveEntry } from './account-archive.ts';
import {
  findAccountData,
  findExport,
  findExportByToken,
  findExpiredExports,
  findLatestExport,
  findLatestOwnExport,
  insertExport,
  markExportExpired,
  markExportFailed,
  markExportReady,
  type AccountData,
  type ExportRow,
} from './account-export.repo.ts';
import { findUserByLogin } from './account.repo.ts';

/**
 * Data export (decision 0024): asked for in settings (or by staff for the person),
 * prepared by a job into a zip in the media storage, mailed as a link that works for its owner
 * for EXPORT_LINK_DAYS, then removed by another job.
 */

export const ACCOUNT_EXPORT_QUEUE = 'account-export';
export const ACCOUNT_EXPORT_EXPIRY_QUEUE = 'account-export-expiry';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

type Ctx = Pick<Deps, 'db' | 'jobs' | 'events'>;

/**
 * An export still preparing this long after it was asked for has used up its job's tries (the
 * queue keeps the failed job for staff): it reads as failed, and the owner may ask again.
 */
const STALE_AFTER_MS = HOUR_MS;
const statusOf = (row: ExportRow, now = new Date()) =>
  row.status === 'preparing' && now.getTime() - row.createdAt.getTime() > STALE_AFTER_MS
    ? 'failed'
    : row.status;

function toState(row: ExportRow | undefined, own: ExportRow | undefined): ExportState {
  if (!row) return null;
  if (own && statusOf(own) === 'failed') own = undefined;
  const next = own ? new Date(own.createdAt.getTime() + EXPORT_INTERVAL_HOURS * HOUR_MS) : null;
  return {
    status: statusOf(row),
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    sizeBytes: row.sizeBytes,
    nextAllowedAt: next && next > new Date() ? next.toISOString() : null,
  };
}

async function stateOf(ctx: Pick<Deps, 'db'>, userId: string): Promise<ExportState> {
  const [latest, own] = await Promise.all([
    findLatestExport(ctx.db, userId),
    findLatestOwnExport(ctx.db, userId),
  ]);
  return toState(latest, own);
}

/** The signed-in person's latest export: preparing, mailed (with the link's expiry), failed or expired. */
export async function exportState(ctx: Pick<Deps, 'db'>, actor: Actor): Promise<ExportState> {
  return stateOf(ctx, actor.id);
}

/** One export per EXPORT_INTERVAL_HOURS, and none while one is being prepared. */
export async function requestExport(ctx: Ctx, actor: Actor): Promise<ExportAnswer> {
  const [latest, own] = await Promise.all([
    findLatestExport(ctx.db, actor.id),
    findLatestOwnExport(ctx.db, actor.id),
  ]);
  if (latest && statusOf(latest) === 'preparing')
    throw new AppError(409, 'export_preparing', m.exportPreparing);
  if (own && statusOf(own) !== 'failed') {
    const next = new Date(own.createdAt.getTime() + EXPORT_INTERVAL_HOURS * HOUR_MS);
    const wait = Math.ceil((next.getTime() - Date.now()) / 1000);
    if (wait > 0)
      throw new AppError(429, 'export_too_soon', m.exportTooSoon(next), { 'retry-after': String(wait) });
  }
  await ctx.db.transaction(async (tx) => {
    const row = await insertExport(tx, { userId: actor.id, requestedById: actor.id });
    await ctx.jobs.send(tx, ACCOUNT_EXPORT_QUEUE, { exportId: row.id });
  });
  return { message: m.exportStarted, export: await stateOf(ctx, actor.id) };
}

/**
 * Staff start an export for someone who asked them (by e-mail, say): the link goes to the person,
 * never to staff, and the person's own limit is not used. Audit-logged with the reason.
 */
export async function staffExport(
  ctx: Ctx,
  actor: Actor | null,
  login: string,
  body: ReasonBody,
): Promise<ExportAnswer> {
  const staff = requireStaff(actor);
  const target = await findUserByLogin(ctx.db, login);
  if (!target) throw notFound(moderationMessages.userNotFound);
  if (target.deletedAt) throw new AppError(409, 'account_deleted', m.alreadyDeleted);
  const latest = await findLatestExport(ctx.db, target.id);
  if (latest && statusOf(latest) === 'preparing')
    throw new AppError(409, 'export_preparing', m.exportPreparing);
  await ctx.db.transaction(async (tx) => {
    const row = await insertExport(tx, { userId: target.id, requestedById: staff.id });
    await ctx.jobs.send(tx, ACCOUNT_EXPORT_QUEUE, { exportId: row.id });
    await auditAccountAction({ db: tx }, staff, {
      action: 'export_data',
      target: { id: target.id, login: target.login },
      reason: body.reason,
    });
  });
  return { message: m.exportStartedForUser, export: await stateOf(ctx, target.id) };
}

/** An account's export as staff see it (the admin page's "Export data" line). */
export async function staffExportState(
  ctx: Pick<Deps, 'db'>,
  actor: Actor | null,
  login: string,
): Promise<ExportState> {
  requireStaff(actor);
  const target = await findUserByLogin(ctx.db, login);
  if (!target) throw notFound(moderationMessages.userNotFound);
  return stateOf(ctx, target.id);
}

const README = (login: string, at: Date) =>
  [
    `Your ${PRODUCT_NAME} data, exported for ${login} on ${exportTimeText(at)}.`,
    '',
    'data.json holds everything of yours, by area: your profile and settings, social links, posts',
    'and the posts you liked, commission cards, orders (as buyer and as artist), requests and the',
    'applications you sent, the chat messages you sent, your gallery (folders, images, display card),',
    'hidden tags, reviews you wrote and received, notifications, and a list of your uploaded pictures.',
    '',
    'media/ holds every picture you uploaded, as stored (each upload is re-encoded when it arrives,',
    'which removes location data: this is the best copy the site has). Each file is named by the id',
    'that data.json uses for it, in a folder per purpose.',
    '',
  ].join('\n');

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Buffer));
  return Buffer.concat(parts);
}

const mediaPath = (row: { purpose: string; id: string; mime: string }) =>
  `media/${row.purpose}/${row.id}.${extensionOf(row.mime)}`;

async function* entriesOf(ctx: Pick<Deps, 'storage' | 'log'>, data: AccountData, at: Date) {
  yield textEntry('README.txt', README(data.profile.login, at));
  // Each upload names its file in the archive; the storage's own keys stay inside the server.
  const media = data.media.map(({ storageKey: _key, miniatureKey: _mini, ...row }) => ({
    ...row,
    file: mediaPath(row),
  }));
  yield jsonEntry('data.json', { exportedAt: at.toISOString(), ...data, media });
  for (const row of data.media) {
    const file = await ctx.storage.open(row.storageKey);
    // A file lost from the storage is named in the log, and the rest of the archive still comes.
    if (!file) {
      ctx.log.warn({ mediaId: row.id }, 'export: a stored picture is missing');
      continue;
    }
    yield {
      name: mediaPath(row),
      bytes: await readAll(file.stream),
      deflate: false,
    } satisfies ArchiveEntry;
  }
}

/** The archive's storage key: random, in the storage's own key shape. */
const archiveKey = () => `exports/${randomBytes(16).toString('hex')}.zip`;

/**
 * The job: builds the archive, stores it, mails the link, then marks the export ready. A crash
 * after the mail and before the mark runs the job again: a second mail with a new link, the first
 * link never working (only the last token's hash is stored). Answers what it did.
 */
export async function prepareExport(
  ctx: Pick<Deps, 'db' | 'storage' | 'mailer' | 'log' | 'jobs' | 'config'>,
  _actor: null,
  exportId: string,
  opts: { now?: Date } = {},
): Promise<'mailed' | 'nothing'> {
  const row = await findExport(ctx.db, exportId);
  if (row?.status !== 'preparing') return 'nothing';
  const now = opts.now ?? new Date();
  const data = await findAccountData(ctx.db, row.userId);
  if (!data || data.profile.deletedAt) {
    await markExportFailed(ctx.db, exportId);
    return 'nothing';
  }
  const bytes = await buildZip(entriesOf(ctx, data, now));
  const key = archiveKey();
  await ctx.storage.put(key, bytes);
  const token = newToken();
  const expiresAt = new Date(now.getTime() + EXPORT_LINK_DAYS * DAY_MS);
  const link = `${ctx.config.publicUrl}/account/export/${token}`;
  try {
    await ctx.mailer.send({
      to: data.profile.email,
      subject: `Your ${PRODUCT_NAME} data is ready to download`,
      text: [
        `Hello ${data.profile.login},`,
        '',
        `The copy of your ${PRODUCT_NAME} data you asked for is ready (${Math.max(1, Math.round(bytes.length / 1024))} kB, a zip file):`,
        link,
        '',
        `The link works for ${EXPORT_LINK_DAYS} days, until ${exportTimeText(expiresAt)}, and only while you are signed in as ${data.profile.login}.`,
        'After that the archive is deleted; you can ask for a new one in Settings.',
        'If you did not ask for this, sign in and change your password: the link is only for you.',
      ].join('\n'),
    });
  } catch (err) {
    await ctx.storage.delete(key);
    throw err;
  }
  await ctx.db.transaction(async (tx) => {
    await markExportReady(tx, exportId, {
      tokenHash: sha256(token),
      storageKey: key,
      sizeBytes: bytes.length,
      readyAt: now,
      expiresAt,
    });
    await ctx.jobs.send(tx, ACCOUNT_EXPORT_EXPIRY_QUEUE, { exportId }, { startAfter: expiresAt });
  });
  return 'mailed';
}

/** The expiry job (and a catch-up of any archive whose time passed): the files go, the rows say expired. */
export async function removeExpiredExports(
  ctx: Pick<Deps, 'db' | 'storage'>,
  _actor: null,
  now: Date = new Date(),
): Promise<number> {
  const expired = await findExpiredExports(ctx.db, now);
  for (const e of expired) {
    if (e.storageKey) await ctx.storage.delete(e.storageKey);
    await markExportExpired(ctx.db, e.id);
  }
  return expired.length;
}

/** The export behind a mailed link, if it is the actor's and still valid (404 or 410 otherwise). */
async function validExport(ctx: Pick<Deps, 'db'>, actor: Actor, token: string, now: Date) {
  const row = await findExportByToken(ctx.db, sha256(token));
  if (!row || row.userId !== actor.id) throw new AppError(404, 'not_found', m.exportNotFound);
  if (!row.expiresAt || row.expiresAt <= now || row.status !== 'ready' || !row.storageKey)
    throw new AppError(410, 'export_expired', m.exportExpired);
  return { ...row, expiresAt: row.expiresAt, storageKey: row.storageKey };
}

/** What the link's page shows before the download: until when it works and how big the archive is. */
export async function exportLinkInfo(
  ctx: Pick<Deps, 'db'>,
  actor: Actor,
  token: string,
  now: Date = new Date(),
): Promise<{ expiresAt: string; sizeBytes: number }> {
  const row = await validExport(ctx, actor, token, now);
  return { expiresAt: row.expiresAt.toISOString(), sizeBytes: row.sizeBytes ?? 0 };
}

/**
 * The mailed link: its owner, signed in, gets the archive until it expires (410 after). Anyone
 * else, signed in, gets 404 as for a link that never was.
 */
export async function openExport(
  ctx: Pick<Deps, 'db' | 'storage'>,
  actor: Actor,
  token: string,
  now: Date = new Date(),
): Promise<{ stream: Readable; size: number; fileName: string }> {
  const row = await validExport(ctx, actor, token, now);
  const file = await ctx.storage.open(row.storageKey);
  if (!file) throw new AppError(410, 'export_expired', m.exportExpired);
  const day = (row.readyAt ?? row.createdAt).toISOString().slice(0, 10);
  return { ...file, fileName: `${PRODUCT_NAME.toLowerCase()}-data-${actor.login}-${day}.zip` };
}

/** The export queues (decision 0021's pattern): preparing an archive, and removing expired ones. */
export function accountExportQueues(
  ctx: Pick<Deps, 'db' | 'storage' | 'mailer' | 'log' | 'jobs' | 'config'>,
  _actor: null,
): QueueSpec<{ exportId: string }>[] {
  return [
    {
      name: ACCOUNT_EXPORT_QUEUE,
      // A failing archive is tried again a few times, then the owner's settings say it failed.
      retryLimit: 3,
      retryDelaySeconds: 30,
      handler: async (job) => {
        try {
          await prepareExport(ctx, null, job.data.exportId);
        } catch (err) {
          ctx.log.error({ err, exportId: job.data.exportId }, 'export: preparing the archive failed');
          throw err;
        }
      },
    },
    {
      name: ACCOUNT_EXPORT_EXPIRY_QUEUE,
      handler: async () => {
        await removeExpiredExports(ctx, null);
      },
    },
  ];
}
