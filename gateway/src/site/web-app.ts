import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Messages, ErrorCodes, type HttpErrorBody } from '@mc/contracts';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { INTERNAL_REQUEST_HEADER, INTERNAL_REQUEST_TOKEN } from '../http/client-limits';
import { allowFraming, inlineScriptHashes } from '../http/security-headers';
import type { PageCache, WebPage } from './page-cache';

/** What the web's `src/entry-server.tsx` exports. */
interface ServerRender {
  setApiTransport(transport: typeof fetch): void;
  /** The drawn page; `{ status: 404 }` alone for a path the app has no page for; null for a page drawn in the browser. */
  renderPage(url: string): Promise<{ html: string; head: string; state: unknown; status: number } | { status: 404; html?: undefined } | null>;
}

/** The longest the first screen of a page may take to draw before the page is sent without it. */
const RENDER_BUDGET_MS = 1500;

/** A file read again whenever a new build replaces it (a cached copy would name deleted assets). */
function reloading<T>(file: string, load: (file: string) => T): () => T | undefined {
  let value: T | undefined;
  let loadedMtime: number | undefined;
  return () => {
    try {
      const mtime = statSync(file).mtimeMs;
      if (value === undefined || mtime !== loadedMtime) {
        value = load(file);
        loadedMtime = mtime;
      }
      return value;
    } catch {
      return undefined;
    }
  };
}

/**
 * The shell with `<meta name="app-env" content="…">`: the environment this gateway runs in (its APP_ENV), which the
 * web's environment badge (web/src/app/layout/EnvBadge.tsx) shows outside production; one web build serves every environment.
 */
export function namingEnvironment(html: string, appEnv: string): string {
  return html.replace('</head>', () => `<meta name="app-env" content="${appEnv.replace(/[^a-z0-9-]/gi, '')}" /></head>`);
}

/** JSON safe inside `<script>`: no `</script>` or `<!--` can end or change it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The web app's pages: its `index.html`, with the first screen of a landing page (home, a product, a pharmacy;
 * the web's routes with `staticData.ssr`) drawn by the web's server render and the API answers it was drawn from,
 * which the browser's query cache starts with. Any failure of the server render sends the bare app, which
 * draws the page itself as before. The render is anonymous (its only input is the address), so a drawn page is
 * kept for every visitor in `pages`, by the build and the address.
 */
export class WebApp {
  /** `index.html` and the CSP hashes of its inline scripts, read again when a new build replaces it. */
  private readonly shell: () => { html: string; scriptHashes: string[] } | undefined;
  private readonly serverRender: () => ServerRender | undefined;
  /** Counts the loads of `index.html` and of the server render: a page kept from an earlier build is never sent. */
  private build = 0;

  constructor(
    private readonly logger: Logger,
    webDist: string,
    ssrEntry: string,
    fastify: FastifyInstance,
    apiKey: string,
    private readonly pages: PageCache,
    appEnv: string,
  ) {
    this.shell = reloading(join(webDist, 'index.html'), (file) => {
      this.build++;
      const html = namingEnvironment(readFileSync(file, 'utf8'), appEnv);
      return { html, scriptHashes: inlineScriptHashes(html) };
    });
    const entry = ssrEntry || join(dirname(webDist), 'dist-ssr', 'entry-server.cjs');
    this.serverRender = reloading(entry, (file) => {
      this.build++;
      delete require.cache[require.resolve(file)];
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS bundle chosen at run time
      const render = require(file) as ServerRender;
      render.setApiTransport(apiTransport(fastify, apiKey));
      return render;
    });
  }

  /** The CSP sources of the pages' inline scripts (the start script of `index.html`). */
  inlineScriptHashes(): string[] {
    return this.shell()?.scriptHashes ?? [];
  }

  /**
   * The page at `url` (path and query as requested: the key of the kept page, query order included, since the
   * render reads the query as it is); undefined without a web build.
   */
  async page(url: string): Promise<WebPage | undefined> {
    const shell = this.shell()?.html;
    if (!shell) return undefined;
    const render = this.serverRender();
    if (!render) return { status: 200, html: shell };
    return (await this.pages.page(`${this.build} ${url}`, () => this.draw(render, shell, url))) ?? { status: 200, html: shell };
  }

  /** The page drawn into the shell; undefined when the render failed or ran out of time (the bare app is sent, and not kept). */
  private async draw(render: ServerRender, shell: string, url: string): Promise<WebPage | undefined> {
    try {
      const drawn = await withBudget(render.renderPage(url), RENDER_BUDGET_MS);
      if (!drawn) return { status: 200, html: shell };
      // A path the app has no page for: the app draws its not-found page, and the answer says 404.
      if (drawn.html === undefined) return { status: drawn.status, html: shell };
      const html = shell
        .replace('</head>', () => `${drawn.head}</head>`)
        .replace('<div id="root"></div>', () =>
          `<div id="root">${drawn.html}</div><script id="mc-query-state" type="application/json">${scriptJson(drawn.state)}</script>`);
      return { status: drawn.status, html };
    } catch (err) {
      this.logger.warn({ err, url }, 'server render failed; sending the bare web app');
      return undefined;
    }
  }
}

function withBudget<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`server render took more than ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The only headers of the server render's API calls that reach the API: the render is anonymous (its pages are kept
 * for every visitor), so no Authorization or Cookie is passed on even if the web app ever sent one.
 */
const RENDER_REQUEST_HEADERS = new Set(['accept', 'content-type', 'x-app-id', 'x-app-version']);

/** The server render's API calls, answered by this gateway in-process (`inject`): every guard, breaker and cache applies. */
function apiTransport(fastify: FastifyInstance, apiKey: string): typeof fetch {
  return async (input, init) => {
    const headers = Object.fromEntries([...new Headers(init?.headers)].filter(([name]) => RENDER_REQUEST_HEADERS.has(name)));
    const reply = await fastify.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: String(input),
      headers: { ...headers, 'x-api-key': apiKey, [INTERNAL_REQUEST_HEADER]: INTERNAL_REQUEST_TOKEN },
    });
    const body = reply.statusCode === 204 || reply.statusCode === 304 ? null : reply.rawPayload;
    return new Response(body, { status: reply.statusCode, headers: { 'content-type': String(reply.headers['content-type'] ?? '') } });
  };
}

/** The pharmacy embed, which pharmacies frame on their own sites. */
const EMBED = /^\/pharms\/[^/?#]+\/embed(\?|$)/;

/** Paths that are never pages of the web app: an unknown one there is a JSON 404. */
const NOT_PAGES = /^\/(api|assets|media|thumbs|sitemap\.xml|robots\.txt|dev)(\/|\?|$)/;

/**
 * Every GET that no other route answers (files of the build and the API have their own) is a page of the web
 * app; a path the app has no page for answers 404 (the app draws its not-found page). A route, not the not-found handler, so the
 * compression hook reaches it.
 */
export function serveWebPages(fastify: FastifyInstance, webApp: WebApp, embedAncestors: string | undefined): void {
  fastify.get('/*', async (request, reply) => {
    const page = NOT_PAGES.test(request.url) ? undefined : await webApp.page(request.url);
    if (!page) {
      const notFound: HttpErrorBody = { statusCode: 404, code: ErrorCodes.notFound, message: Messages.pageNotFound };
      return reply.status(404).send(notFound);
    }
    if (EMBED.test(request.url)) allowFraming(reply, embedAncestors);
    return reply.status(page.status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page.html);
  });
}
