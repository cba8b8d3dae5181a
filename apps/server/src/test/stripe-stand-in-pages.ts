import type { ServerResponse } from 'node:http';
import type { Obj, StandInState } from './stripe-stand-in-state.ts';

/**
 * The stand-in's two hosted pages (stripe-stand-in.ts), in place of Stripe's: a checkout page with
 * a "Pay" button (the session completes, its webhook is sent, the browser goes to success_url) and
 * an onboarding page with a "Finish onboarding" button (the account becomes ready, account.updated
 * is sent, the browser goes to return_url). Plain, accessible HTML (the journey runs axe on it).
 */

interface PageHelpers {
  completeCheckout(sessionId: string): Promise<unknown>;
  markAccountReady(accountId: string): Promise<unknown>;
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(res: ServerResponse, title: string, body: string) {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Stripe stand-in</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
button{font-size:1rem;padding:.6rem 1.4rem;background:#4b3fd1;color:#fff;border:0;border-radius:6px;cursor:pointer}
p.note{color:#444}</style></head>
<body><main><h1>${escape(title)}</h1>${body}</main></body></html>`);
}

const redirect = (res: ServerResponse, to: string) => {
  res.writeHead(303, { location: to });
  res.end();
};

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export async function servePage(
  ctx: { state: StandInState; helpers: PageHelpers },
  method: string,
  path: string,
  res: ServerResponse,
): Promise<boolean> {
  const checkout = /^\/checkout\/([\w]+)(\/pay)?$/.exec(path);
  if (checkout) {
    const session: Obj | undefined = ctx.state.sessions.get(checkout[1]!);
    if (!session) return false;
    if (method === 'POST' && checkout[2]) {
      if (session.status === 'open') await ctx.helpers.completeCheckout(session.id);
      redirect(res, session.success_url as string);
      return true;
    }
    page(
      res,
      'Pay Brushline',
      `<p>${escape(typeof session.line_items_name === 'string' ? session.line_items_name : 'Commission')}</p>
<p><strong>${usd(session.amount_total as number)}</strong> (test card 4242 4242 4242 4242)</p>
<p class="note">A local stand-in for Stripe Checkout: no money moves.</p>
<form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay</button></form>
<p><a href="${escape(session.cancel_url as string)}">Back to the order</a></p>`,
    );
    return true;
  }
  const onboarding = /^\/onboarding\/([\w]+)(\/finish)?$/.exec(path);
  if (onboarding) {
    const link = ctx.state.accountLinks.get(onboarding[1]!);
    if (!link) return false;
    if (method === 'POST' && onboarding[2]) {
      await ctx.helpers.markAccountReady(link.account);
      redirect(res, link.returnUrl);
      return true;
    }
    page(
      res,
      'Set up payouts',
      `<p>Account ${escape(link.account)}: Stripe would ask for your details and a bank account here.</p>
<p class="note">A local stand-in for Stripe's Express onboarding.</p>
<form method="post" action="/onboarding/${onboarding[1]}/finish"><button type="submit">Finish onboarding</button></form>`,
    );
    return true;
  }
  return false;
}
