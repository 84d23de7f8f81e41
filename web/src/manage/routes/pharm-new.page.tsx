import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { I18nProvider } from 'react-aria-components';
import { useDocumentTitle } from '../../kit/lib/use-document-title';
import { carryFlash } from '../components/console';
import { PharmForm } from '../components/PharmForm';
import { heConsole } from '../i18n/he-console';
import { managedPharmQuery, onboardPharm, pharmsKey } from '../queries/console';
import '../../kit/backoffice/backoffice.css';
import '../components/manage.css';

const text = heConsole.form;

/** /manage/pharm/new (issue 30 §1): a new pharmacy, hidden from patients until made live; then its page. */
export function PharmNewPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useDocumentTitle(text.newTitle);
  return (
    <I18nProvider locale="he-IL">
      <section className="bo mc-console" aria-labelledby="mc-pharm-new-title">
        <div className="bo-toolbar">
          <h1 id="mc-pharm-new-title" className="bo-name">{text.newTitle}</h1>
          <Link to="/manage/pharm" className="bo-public-link">{heConsole.pharm.all}</Link>
        </div>
        <p className="bo-muted">{text.newLead}</p>
        <PharmForm
          onSubmit={(values) => onboardPharm(values)}
          onDone={(pharm) => {
            queryClient.setQueryData(managedPharmQuery(pharm.slug).queryKey, pharm);
            void queryClient.invalidateQueries({ queryKey: [...pharmsKey, 'list'] });
            carryFlash(text.created);
            void navigate({ to: '/manage/pharm/$slug', params: { slug: pharm.slug } });
          }}
        />
      </section>
    </I18nProvider>
  );
}
