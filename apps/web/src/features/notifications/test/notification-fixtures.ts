import type { Notification, NotificationPage } from '@brushline/shared/notifications/schemas';

/** Test data: a notification with sensible defaults. */
export function aNotification(id: number, over: Partial<Notification> = {}): Notification {
  return {
    id,
    type: 'post_liked',
    createdAt: new Date(Date.now() - 5 * 60 * 1000).toISOString(),
    message: `Notification ${id}`,
    isRead: false,
    userWhoTriggeredEvent: {
      id: '6f1c1f9e-2222-4222-8222-222222222222',
      login: 'bob',
      displayName: 'Bob',
      avatarMiniatureUrl: null,
    },
    changedPost: { id: 7 },
    sentCard: null,
    ...over,
  };
}

export const aPage = (items: Notification[], nextCursor: number | null = null): NotificationPage => ({
  items,
  nextCursor,
});

export const me = {
  id: '6f1c1f9e-1111-4111-8111-111111111111',
  displayName: 'Ann',
  displayLogin: 'ann',
  loginName: 'ann',
  roles: [],
};
