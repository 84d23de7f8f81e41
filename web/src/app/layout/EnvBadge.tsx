import { useSyncExternalStore } from 'react';
import { he } from '../../kit/i18n/he';

/**
 * The `<meta name>` through which the gateway names the environment it runs in (its `APP_ENV`): one web build is
 * served by every environment, so the build alone cannot know which one it is in.
 */
export const APP_ENV_META = 'app-env';

/**
 * The deployment's name. A gateway that says `production` always wins (the badge never shows there, whatever the
 * build was told); otherwise `VITE_APP_ENV` (a build named e.g. `staging`), else the gateway's name, else
 * `development` for the dev server and `production` for a build served without a gateway.
 */
export function environmentName(env: ImportMetaEnv = import.meta.env, served: string | null = servedEnvironment()): string {
  if (served === 'production') return 'production';
  return env.VITE_APP_ENV || served || (env.PROD ? 'production' : 'development');
}

function servedEnvironment(): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector<HTMLMetaElement>(`meta[name="${APP_ENV_META}"]`)?.content || null;
}

const unchanging = () => () => {};

/** A small fixed badge naming the environment; nothing in production. */
export function EnvBadge({ name }: { name?: string }) {
  // Read in the browser only: the server's render (kept for every visitor) draws no badge, and the browser adds it
  // once it has taken the page over, so the two renders agree.
  const current = useSyncExternalStore(unchanging, () => name ?? environmentName(), () => name ?? 'production');
  if (current === 'production') return null;
  return (
    <p className="env-badge">
      {he.shell.environment}{' '}
      <bdi lang="en">{current}</bdi>
    </p>
  );
}
