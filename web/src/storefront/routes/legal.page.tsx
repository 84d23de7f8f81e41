import { HomeBreadcrumbs } from '../../kit/ui/Breadcrumbs';
import { heContent } from '../../kit/i18n/he-content';
import { useDocumentTitle } from '../../kit/lib/use-document-title';
import { accessibility, privacyPolicy, termsOfUse, type LegalDocument } from './legal-content';
import './legal.css';

/** A static legal page: a breadcrumb to the home page, title, revision date and its sections. */
function LegalPage({ doc }: { doc: LegalDocument }) {
  useDocumentTitle(doc.title);
  return (
    <article className="content-page legal-page" aria-labelledby="legal-title">
      <HomeBreadcrumbs current={doc.title} />
      <h1 id="legal-title">{doc.title}</h1>
      <p className="legal-updated">
        {heContent.legalUpdated} {doc.updated}
      </p>
      {doc.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </section>
      ))}
    </article>
  );
}

export const AccessibilityPage = () => <LegalPage doc={accessibility} />;
export const PrivacyPolicyPage = () => <LegalPage doc={privacyPolicy} />;
export const TermsOfUsePage = () => <LegalPage doc={termsOfUse} />;
