import type { FooterLink, Product } from '@mc/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useMatches } from '@tanstack/react-router';
import { ContactDialog } from '../../kit/contact/ContactDialog';
import { he } from '../../kit/i18n/he';
import { pageFooterGroups, type PageFooterGroup } from '../../kit/queries/route-data';
import { layoutQuery } from '../../kit/queries/site';
import { SiteLink } from '../../kit/ui/SiteLink';

function FooterLinkItem({ link }: { link: FooterLink }) {
  return (
    <SiteLink href={link.url} newWindow={link.newWindow} className="footer-link">
      {link.label}
    </SiteLink>
  );
}

/** A layout-supplied group: its heading link and its children. */
function FooterLinkGroup({ group }: { group: FooterLink }) {
  return (
    <section className="footer-group">
      <h2 className="footer-heading">
        <FooterLinkItem link={group} />
      </h2>
      {group.children.length > 0 && (
        <ul className="footer-list">
          {group.children.map((child) => (
            <li key={`${child.label}-${child.url}`}>
              <FooterLinkItem link={child} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A group the page adds (its route's loader): a heading and its links. */
function PageLinkGroup({ group }: { group: PageFooterGroup }) {
  return (
    <section className="footer-group">
      <h2 className="footer-heading">{group.title}</h2>
      <ul className="footer-list">
        {group.links.map((link) => (
          <li key={link.url}>
            <FooterLinkItem link={link} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function LatestProducts({ products }: { products: Product[] }) {
  return (
    <section className="footer-group">
      <h2 className="footer-heading">{he.shell.latestProducts}</h2>
      <ul className="footer-list">
        {products.map((product) => (
          <li key={product.slug}>
            <Link to="/products/$productSlug" params={{ productSlug: product.slug }} className="footer-link">
              {product.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The footer: the latest products and the layout's links (GET /api/layout), the page's own links (spec 2.5: a
 * pharmacy's tags on its page), the contact modal, the disclaimer and ©.
 */
export function SiteFooter({ hideOnMobile = false }: { hideOnMobile?: boolean }) {
  const { data } = useQuery(layoutQuery());
  const pageGroups = useMatches({ select: pageFooterGroups });
  return (
    <footer className={hideOnMobile ? 'site-footer site-footer-home' : 'site-footer'}>
      <div className="container">
        {(data || pageGroups.length > 0) && (
          <nav className="footer-groups" aria-label={he.shell.footerLinks}>
            {pageGroups.map((group) => (
              <PageLinkGroup key={group.title} group={group} />
            ))}
            {data && data.latestProducts.length > 0 && <LatestProducts products={data.latestProducts} />}
            {data?.footerLinks.map((group) => (
              <FooterLinkGroup key={`${group.label}-${group.url}`} group={group} />
            ))}
          </nav>
        )}
        <ContactDialog />
        <p className="footer-disclaimer">{he.footerDisclaimer}</p>
        <p className="footer-copy">
          © {new Date().getFullYear()} {he.siteName}
        </p>
      </div>
    </footer>
  );
}
