import type { Deps } from '../platform/deps.ts';
import type { Actor } from '../platform/session.ts';
import { listOwnCards } from '../modules/cards/cards.service.ts';
import { deliverWork } from '../modules/orders/deliveries.service.ts';
import { sendForm } from '../modules/orders/orders.service.ts';
import { moveTask } from '../modules/orders/transitions.service.ts';
import { confirmPayment, markPaid, requestPayment } from '../modules/payments/payments.service.ts';
import { answerReview, writeReview } from '../modules/reviews/reviews.service.ts';
import { actorOf, picture } from './demo-content.ts';
import type { DemoAccount } from './demo-seed.ts';

/**
 * Done orders and their reviews (decision 0023), so profiles show a Reviews tab with an average,
 * /artists has a rating to sort by, Incoming shows a buyer with a record, and the order page shows
 * both reviews and an answer; a second done order, with the painter, waits for its reviews. Everything goes through the same services as the API.
 */
export async function seedDemoReviews(
  deps: Deps,
  accounts: { artist: DemoAccount; client: DemoAccount; painter: DemoAccount },
): Promise<void> {
  const artist = actorOf(accounts.artist.id, accounts.artist.login, accounts.artist.roles);
  const client = actorOf(accounts.client.id, accounts.client.login, accounts.client.roles);
  const painter = actorOf(accounts.painter.id, accounts.painter.login, accounts.painter.roles);

  const portrait = await completeOrder(deps, artist, client, {
    description: 'Lyra again, this time in winter gear: fur hood, frost on her bow.',
    chosen: [{ sectionKey: 'framing', optionKeys: ['headshot'] }],
    totalPrice: 40,
    seed: 47,
  });
  const { review } = await writeReview(deps, client, portrait, {
    stars: 5,
    text: 'Lyra looks exactly as I imagined her. The sketch stage made it easy to ask for changes, and it arrived early.',
  });
  await answerReview(deps, artist, review.id, {
    text: 'Thank you! Lyra is a joy to paint, come back any time.',
  });
  await writeReview(deps, artist, portrait, {
    stars: 5,
    text: 'Clear references, quick answers, paid on time. A pleasure to work with.',
  });

  // Done but not reviewed yet: the client's order page offers the form (the reviews journey, e2e).
  await completeOrder(deps, painter, client, {
    description: 'My old tabby Miso asleep on the windowsill, from the photo attached in chat.',
    chosen: [],
    totalPrice: 25,
    seed: 53,
  });
}

/**
 * Sends an order to the artist's first card and walks it to done: accepted, the first payment part
 * asked, marked paid and confirmed, started, delivered, any later part paid, approved. Answers the form id.
 */
async function completeOrder(
  deps: Deps,
  artist: Actor,
  buyer: Actor,
  o: {
    description: string;
    chosen: { sectionKey: string; optionKeys: string[] }[];
    totalPrice: number;
    seed: number;
  },
): Promise<number> {
  const [card] = await listOwnCards(deps, artist);
  const form = await sendForm(deps, buyer, {
    cardUUID: card!.uuid,
    description: o.description,
    references: [],
    chosen: o.chosen,
    totalPrice: o.totalPrice,
    showInQueue: false,
  });
  const taskId = form.task.id;
  const pay = async (part: number) => {
    await requestPayment(deps, artist, { formId: form.id, part, instructions: 'PayPal, as agreed in chat.' });
    await markPaid(deps, buyer, { formId: form.id, part, reference: `PayPal ${o.seed}${part}0981` });
    await confirmPayment(deps, artist, { formId: form.id, part, reference: '' });
  };
  await moveTask(deps, artist, { taskId }, 'accept');
  await pay(0);
  await moveTask(deps, artist, { taskId }, 'start');
  const art = await picture(deps, artist, 'delivery', [1200, 1500], [210, 250, 20], o.seed);
  await deliverWork(deps, artist, {
    taskId,
    files: [art.id],
    message: 'Finished! Tell me if anything needs changing.',
  });
  const parts =
    card!.paymentPlan.kind === 'deposit'
      ? 2
      : card!.paymentPlan.kind === 'milestones'
        ? card!.paymentPlan.milestones.length
        : 1;
  for (let part = 1; part < parts; part++) await pay(part);
  await moveTask(deps, buyer, { taskId }, 'approve');
  return form.id;
}
