import { DEFAULT_THEME } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AA, contrastRatio } from '../lib/contrast.ts';
import { page, renderRoutes } from '../test/render.tsx';
import { AiLabelBadge } from './ai-label-badge.tsx';

describe('AiLabelBadge', () => {
  it.each([
    ['generated', 'AI-generated'],
    ['assisted', 'AI-assisted'],
  ] as const)('reads "%s" as "%s"', async (label, text) => {
    renderRoutes([page('/', <AiLabelBadge label={label} />)], '/');
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('shows nothing for work without a label', async () => {
    renderRoutes(
      [
        page(
          '/',
          <p>
            post
            <AiLabelBadge label={null} />
          </p>,
        ),
      ],
      '/',
    );
    expect(await screen.findByText('post')).toBeInTheDocument();
    expect(screen.queryByText(/^AI-/)).not.toBeInTheDocument();
  });

  it('keeps AA contrast: white text on grape 9 (the same in both schemes)', () => {
    expect(contrastRatio('#fff', DEFAULT_THEME.colors.grape[9])).toBeGreaterThanOrEqual(AA);
  });
});
