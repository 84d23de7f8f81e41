import { createRoute } from '@tanstack/react-router';
import { he } from '../i18n/he';
import { useDocumentTitle } from '../lib/use-document-title';
import { rootRoute } from './root';

function HomePage() {
  useDocumentTitle();
  return (
    <section className="hero" aria-labelledby="home-title">
      <h1 id="home-title" className="hero-title">
        {he.home.title}
      </h1>
      <p className="hero-lead">{he.tagline}</p>
      <ul className="tiles">
        {he.home.tiles.map((tile) => (
          <li key={tile.title} className="tile">
            <h2 className="tile-title">{tile.title}</h2>
            <p className="tile-text">{tile.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: HomePage,
});
