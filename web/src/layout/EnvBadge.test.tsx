import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EnvBadge, environmentName } from './EnvBadge';

describe('EnvBadge', () => {
  it('names the environment outside production and shows nothing in production', () => {
    const { container, rerender } = render(<EnvBadge name="staging" />);
    expect(screen.getByText('staging').tagName).toBe('BDI');
    rerender(<EnvBadge name="production" />);
    expect(container.textContent).toBe('');
  });

  it('takes VITE_APP_ENV, else production for a build and development for the dev server', () => {
    expect(environmentName({ VITE_APP_ENV: 'staging', PROD: true } as ImportMetaEnv)).toBe('staging');
    expect(environmentName({ PROD: true } as ImportMetaEnv)).toBe('production');
    expect(environmentName({ PROD: false } as ImportMetaEnv)).toBe('development');
  });
});
