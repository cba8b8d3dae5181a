import { chatMessages } from '@brushline/shared/chat/messages';
import { AppError } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';

/**
 * SPEC §7's hub calls name the caller's login (CreatePrivateChat(login, …), MessageSend(room,
 * login, …), ChatRead(room, login)). The session says who the caller is; a login naming anyone
 * else is refused rather than ignored, so a client that meant another account learns it.
 */
export function assertOwnLogin(actor: Pick<Actor, 'login'>, login: string | undefined): void {
  if (login !== undefined && login.trim().toLowerCase() !== actor.login.toLowerCase())
    throw new AppError(403, 'login_mismatch', chatMessages.loginMismatch(login, actor.login));
}
