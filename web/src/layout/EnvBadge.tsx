import { he } from '../i18n/he';

/** The deployment's name: `VITE_APP_ENV`, else `production` for a build and `development` for the dev server. */
export function environmentName(env: ImportMetaEnv = import.meta.env): string {
  return env.VITE_APP_ENV || (env.PROD ? 'production' : 'development');
}

/** A small fixed badge naming the environment; nothing in production. */
export function EnvBadge({ name = environmentName() }: { name?: string }) {
  if (name === 'production') return null;
  return (
    <p className="env-badge">
      {he.shell.environment}{' '}
      <bdi lang="en">{name}</bdi>
    </p>
  );
}
