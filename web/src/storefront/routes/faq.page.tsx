import { FAQ_CATEGORIES, type FaqItem } from '@mc/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { heContent } from '../../kit/i18n/he-content';
import { useDocumentTitle } from '../../kit/lib/use-document-title';
import { faqQuery } from '../queries/content';
import './legal.css';

/** One question: a disclosure button (aria-expanded) controlling its answer; several may be open at once. */
function FaqEntry({ item, open, onToggle }: { item: FaqItem; open: boolean; onToggle: () => void }) {
  const answerId = `faq-answer-${item.id}`;
  return (
    <li className="faq-item">
      <h3 className="faq-question">
        <button type="button" className="faq-toggle" aria-expanded={open} aria-controls={answerId} onClick={onToggle}>
          <span>{item.question}</span>
          <span className="faq-icon" aria-hidden="true">
            {open ? '−' : '+'}
          </span>
        </button>
      </h3>
      <div id={answerId} className="faq-answer" hidden={!open}>
        <p>{item.answer}</p>
        {item.medicalDisclaimer && <p className="faq-disclaimer">{heContent.medicalDisclaimer}</p>}
      </div>
    </li>
  );
}

export function FaqPage() {
  useDocumentTitle(heContent.faqTitle);
  // Loaded by the route: its loading and failure screens are the route's.
  const query = useSuspenseQuery(faqQuery());
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <section className="content-page" aria-labelledby="faq-title">
      <h1 id="faq-title">{heContent.faqTitle}</h1>
      <p className="list-lead">{heContent.faqLead}</p>
      {FAQ_CATEGORIES.map((category) => {
          const items = query.data.faq.filter((item) => item.category === category);
          if (!items.length) return null;
          return (
            <section key={category} className="faq-category" aria-labelledby={`faq-${category}`}>
              <h2 id={`faq-${category}`}>{heContent.faqCategories[category]}</h2>
              <ul className="faq-list">
                {items.map((item) => (
                  <FaqEntry key={item.id} item={item} open={open.has(item.id)} onToggle={() => toggle(item.id)} />
                ))}
              </ul>
            </section>
          );
        })}
    </section>
  );
}

