import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
