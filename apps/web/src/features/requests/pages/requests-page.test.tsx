import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@brushline/shared/messages';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { buyerMe } from '../../orders/test/order-fixtures.ts';
import { makeRequest } from '../test/request-fixtures.ts';
import { RequestsPage } from './requests-page.tsx';

const routes = [page('/requests', <RequestsPage />)];
const anonymous = {
  'GET /api/sessioncheck': () => ({ status: 200, body: null }),
};

describe('/requests', () => {
  it('says so when there is no request, and offers no create button to a visitor', async () => {
    stubFetch({ ...anonymous, 'GET /api/request/get/filter': () => ({ status: 200, body: [] }) });
    renderRoutes(routes, '/requests');
    expect(await screen.findByText(messages.noRequests)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create request' })).not.toBeInTheDocument();
  });

  it('shows request cards with budget, deadline, type, tags and applications, linking to the request', async () => {
    stubFetch({
      'GET /api/sessioncheck': () => ({ status: 200, body: buyerMe }),
      'GET /api/request/get/filter': () => ({ status: 200, body: [makeRequest()] }),
    });
    renderRoutes(routes, '/requests');
    const link = await screen.findByRole('link', { name: 'A dragon on a hill' });
    expect(link).toHaveAttribute('href', `/requests/${makeRequest().guid}`);
    const card = within(screen.getByRole('article', { name: 'A dragon on a hill' }));
    expect(card.getByText('$50.00 – $200.00')).toBeInTheDocument();
    expect(card.getByText('Deadline 30 days')).toBeInTheDocument();
    expect(card.getByText('Illustration')).toBeInTheDocument();
    expect(card.getByText('dragon')).toBeInTheDocument();
    expect(card.getByText(/1 application$/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create request' })).toHaveAttribute(
      'href',
      '/crm/requests/create',
    );
  });

  it('asks the API with the filters of the URL (one search box for title and description)', async () => {
    const urls: string[] = [];
    stubFetch({ ...anonymous, 'GET /api/request/get/filter': () => ({ status: 200, body: [] }) });
    const original = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      urls.push(input instanceof Request ? input.url : input instanceof URL ? input.href : input);
      return original(input, init);
    };
    renderRoutes(routes, '/requests?tags=dragon&search=hill&minPrice=10&typeOfWork=comic');
    await waitFor(() => expect(urls.some((u) => u.includes('request/get/filter'))).toBe(true));
    const url = new URL(
      urls.find((u) => u.includes('request/get/filter'))!,
      'http://x',
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '1',
      tags: 'dragon',
      minPrice: '10',
      typeOfWork: 'comic',
      searchInTitle: 'hill',
      searchInDecriptions: 'hill',
    });
    expect(await screen.findByText(/No request matches all of these filters/)).toBeInTheDocument();
    expect(screen.getByLabelText('Search')).toHaveValue('hill');
  });
});
