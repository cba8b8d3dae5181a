import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AI_POLICY } from '@brushline/shared/ai/policy';
import { paths } from '@brushline/shared/paths';
import { renderRoutes, stubFetch } from '../../test/render.tsx';
import { legalRoutes } from './routes.ts';

const site = { productName: 'Brushline', contactEmail: 'help@example.org' };

describe('the legal pages (one renderer)', () => {
  it.each([
    [paths.terms, 'Terms of use', 'en', 'What is not allowed'],
    [paths.policyEn, 'Privacy policy', 'en', 'About this policy'],
    [paths.policyRu, 'Политика конфиденциальности', 'ru', 'Контакты'],
  ])(
    '%s shows its title, its sections, the other documents and the operator’s mailbox',
    async (path, title, lang, section) => {
      stubFetch({ 'GET /api/site': () => ({ status: 200, body: site }) });
      renderRoutes(legalRoutes, path);
      const heading = await screen.findByRole('heading', { level: 1, name: title });
      expect(heading.closest(`[lang="${lang}"]`)).not.toBeNull();
      expect(screen.getByRole('heading', { level: 2, name: section })).toBeInTheDocument();
      const nav = within(screen.getByRole('navigation'));
      expect(nav.getAllByRole('link')).toHaveLength(3);
      expect(nav.getByRole('link', { current: 'page' })).toHaveAttribute('href', path);
      const mail = await screen.findAllByRole('link', { name: site.contactEmail });
      for (const link of mail) expect(link).toHaveAttribute('href', `mailto:${site.contactEmail}`);
    },
  );

  it('the terms carry the instance’s AI clause, which /terms#ai opens on', async () => {
    stubFetch({ 'GET /api/site': () => ({ status: 200, body: site }) });
    // jsdom does not lay out (the test setup stubs scrollIntoView): record which element the page asks for.
    const scrolled: Element[] = [];
    const scroll = vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (
      this: Element,
    ) {
      scrolled.push(this);
    });
    renderRoutes(legalRoutes, `${paths.terms}#ai`);
    const heading = await screen.findByRole('heading', { level: 2, name: AI_POLICY.heading });
    const section = heading.closest('section')!;
    expect(section).toHaveAttribute('id', 'ai');
    for (const text of AI_POLICY.paragraphs) expect(within(section).getByText(text)).toBeInTheDocument();
    // The scroll is a passive effect: React may run it a moment after the section is on the page.
    await waitFor(() => expect(scrolled).toContain(section));
    scroll.mockRestore();
  });
});
