import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { page, renderRoutes } from '../../../test/render.tsx';
import { AuthCard } from './auth-card.tsx';

describe('account form frame', () => {
  it('an account form is the page: its title is the one h1', async () => {
    renderRoutes([page('/login', <AuthCard title="Sign in">form</AuthCard>)], '/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
