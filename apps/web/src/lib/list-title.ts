import { CARD_TITLE_LIST_MAX } from '@brushline/shared/cards/constants';
import { cutText } from '@brushline/shared/text';

/**
 * SPEC §9: a card's title is cut at CARD_TITLE_LIST_MAX characters in lists. Card lists (cards)
 * and order lists (orders) both show it, so it lives outside either feature.
 */
export function listTitle(title: string): string {
  return cutText(title, CARD_TITLE_LIST_MAX);
}
