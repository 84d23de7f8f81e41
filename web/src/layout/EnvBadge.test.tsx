import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_ENV_ATTRIBUTE, EnvBadge, environmentName } from './EnvBadge';

const build = (env: Partial<ImportMetaEnv>) => env as ImportMetaEnv;

describe('EnvBadge', () => {
  afterEach(() => document.documentElement.removeAttribute(APP_ENV_ATTRIBUTE));

  it('names the environment outside production and shows nothing in production', () => {
    const { container, rerender } = render(<EnvBadge name="staging" />);
    expect(screen.getByText('staging').tagName).toBe('BDI');
    rerender(<EnvBadge name="production" />);
    expect(container.textContent).toBe('');
  });

  it('shows the environment the gateway names on the page (make dev: development), and nothing when it names production', () => {
    document.documentElement.setAttribute(APP_ENV_ATTRIBUTE, 'development');
    const { container, unmount } = render(<EnvBadge />);
    expect(container.textContent).toContain('development');
    unmount();
    document.documentElement.setAttribute(APP_ENV_ATTRIBUTE, 'production');
    expect(render(<EnvBadge />).container.textContent).toBe('');
  });

  it('takes a production gateway over any build name, then VITE_APP_ENV, then the gateway, then the kind of build', () => {
    expect(environmentName(build({ VITE_APP_ENV: 'staging', PROD: true }), 'production')).toBe('production');
    expect(environmentName(build({ VITE_APP_ENV: 'staging', PROD: true }), 'test')).toBe('staging');
    expect(environmentName(build({ VITE_APP_ENV: 'staging', PROD: true }), null)).toBe('staging');
    expect(environmentName(build({ PROD: true }), 'development')).toBe('development');
    expect(environmentName(build({ PROD: true }), null)).toBe('production');
    expect(environmentName(build({ PROD: false }), null)).toBe('development');
  });
});
