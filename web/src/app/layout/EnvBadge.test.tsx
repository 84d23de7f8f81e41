import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_ENV_META, EnvBadge, environmentName } from './EnvBadge';

const build = (env: Partial<ImportMetaEnv>) => env as ImportMetaEnv;

describe('EnvBadge', () => {
  const served = (name: string) => {
    const meta = document.querySelector(`meta[name="${APP_ENV_META}"]`) ?? document.head.appendChild(Object.assign(document.createElement('meta'), { name: APP_ENV_META }));
    meta.setAttribute('content', name);
  };
  afterEach(() => document.querySelector(`meta[name="${APP_ENV_META}"]`)?.remove());

  it('names the environment outside production and shows nothing in production', () => {
    const { container, rerender } = render(<EnvBadge name="staging" />);
    expect(screen.getByText('staging').tagName).toBe('BDI');
    rerender(<EnvBadge name="production" />);
    expect(container.textContent).toBe('');
  });

  it('shows the environment the gateway names on the page (make dev: development), and nothing when it names production', () => {
    served('development');
    const { container, unmount } = render(<EnvBadge />);
    expect(container.textContent).toContain('development');
    unmount();
    served('production');
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
