import type { CompanyStockRow } from '@mc/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useParams } from '@tanstack/react-router';
import { DelayedSearch } from '../../kit/backoffice/search';
import { Pager } from '../../kit/backoffice/ui';
import { NotFoundPage } from '../../kit/ui/NotFoundPage';
import { Market } from '../components/Market';
import { LoadFailed } from '../components/states';
import { SupplyEditor } from '../components/SupplyEditor';
import { heManage } from '../i18n/he-manage';
import { isNotFound } from '../queries/access';
import { companyKey, companyStockQuery, updateSupply } from '../queries/company';

const route = getRouteApi('/manage/cannabis-company/$slug/stock');
const text = heManage.stock;

function StockCard({ slug, row, onSaved }: { slug: string; row: CompanyStockRow; onSaved: () => void }) {
  const titleId = `mc-product-${row.id}`;
  return (
    <li>
      <article className="mc-stock-card" aria-labelledby={titleId}>
        <header className="mc-stock-head">
          {row.imageUrl && <img src={row.imageUrl} alt="" width={48} height={48} className="mc-stock-image" />}
          <div>
            <h3 id={titleId} className="mc-stock-name">
              <a href={`/products/${encodeURIComponent(row.slug)}`}>{row.name}</a>
            </h3>
            <p className="bo-muted">
              {row.thccbdDosage && <>{text.dosage} <bdi dir="ltr">{row.thccbdDosage}</bdi></>}
              {row.thccbdDosage && row.yarpaProductId && ' · '}
              {row.yarpaProductId && <>{text.partnerId} <bdi dir="ltr">{row.yarpaProductId}</bdi></>}
            </p>
          </div>
        </header>
        <SupplyEditor
          slug={slug} productId={row.id} productName={row.name} supply={row.supply}
          save={(body) => updateSupply(slug, body)} onSaved={onSaved}
        />
        <Market productName={row.name} market={row.market} />
      </article>
    </li>
  );
}

/**
 * The company's catalogue and its supply (issue 29 §4): each product with the company's own supply state and its
 * editor, and beside it the market; search and page in the address (`?search&page`), spec §8's empty states.
 */
export function StockPage() {
  const { slug } = useParams({ from: '/manage/cannabis-company/$slug' });
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const queryClient = useQueryClient();
  const page = search.page ?? 1;
  const list = useQuery(companyStockQuery(slug, page, search.search));
  if (list.isError && isNotFound(list.error)) return <NotFoundPage />;
  const data = list.data;
  // A saved state shows at once in its row; the rest of the company's answers (figures, history) are read again.
  const refetch = () => void queryClient.invalidateQueries({ queryKey: companyKey(slug), refetchType: 'none' });
  return (
    <section className="mc-stock" aria-labelledby="mc-stock-title">
      <div className="bo-toolbar">
        <h2 id="mc-stock-title">{text.title}</h2>
        <DelayedSearch
          label={text.searchLabel} placeholder={text.searchPlaceholder} value={search.search ?? ''}
          onChange={(value) => void navigate({ search: (prev) => ({ ...prev, search: value || undefined, page: undefined }), replace: true })}
        />
      </div>
      {list.isError && <LoadFailed error={list.error} onRetry={() => void list.refetch()} />}
      {list.isPending && <p className="bo-empty" role="status">{heManage.loading}</p>}
      {data && (
        <>
          <p className="bo-muted" role="status">{text.count(data.total)}</p>
          {data.products.length ? (
            <ul className="mc-stock-list" aria-busy={list.isPlaceholderData || undefined}>
              {data.products.map((row) => <StockCard key={row.id} slug={slug} row={row} onSaved={refetch} />)}
            </ul>
          ) : (
            <p className="bo-empty">{search.search ? text.notFound : text.empty}</p>
          )}
          <Pager
            page={page} total={data.total} perPage={data.perPage}
            onPage={(p) => void navigate({ search: (prev) => ({ ...prev, page: p > 1 ? p : undefined }) })}
          />
        </>
      )}
    </section>
  );
}
