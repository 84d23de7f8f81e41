import {
  BUMP_HIGHLIGHT_MS, BusinessMessages, DEFAULT_PHARM_PRODUCT,
  type BusinessPharmProduct, type BusinessProductInfo, type PharmProductFields,
} from '@mc/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Button, GridList, GridListItem } from 'react-aria-components';
import { isApiError } from '../../kit/api/client';
import { DelayedSearch } from '../../kit/backoffice/search';
import { NotFoundPage } from '../../kit/ui/NotFoundPage';
import { heBusiness } from '../i18n/he-business';
import { heProducts } from '../i18n/he-products';
import { ProductForm } from '../components/product-form';
import {
  bumpProduct, businessProductQuery, confirmProduct, businessProductsQuery, createProduct, productOptionsQuery, productsKey, removeProduct, updateProducts,
} from '../queries/products';
import { groupByDosage } from '../components/products-view';
import { ProductsTable } from '../components/ProductsTable';
import { OfferHistorySection } from '../components/OfferHistory';
import { Alert, BusinessDialog, ConfirmDialog, formatShekels, Pager, useFlash, type Flash } from '../../kit/backoffice/ui';
import '../components/products.css';

const route = getRouteApi('/business/$businessId/products');
const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : BusinessMessages.statusSaveFailed);

/** Delete and bump (after their confirmation) and confirm, with their alerts; a bumped row highlighted for 10 s. */
function useRowActions(businessId: string, saved: (flash: Flash) => void, setFlash: (flash: Flash) => void) {
  const [highlight, setHighlight] = useState<number | null>(null);
  const [pending, setPending] = useState<{ kind: 'delete' | 'bump'; row: BusinessPharmProduct } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (highlight === null) return;
    const timer = setTimeout(() => setHighlight(null), BUMP_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlight]);

  const confirmPending = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      if (pending.kind === 'delete') {
        await removeProduct(businessId, pending.row.id);
        saved({ kind: 'success', text: heProducts.removed });
      } else {
        await bumpProduct(businessId, pending.row.id);
        setHighlight(pending.row.id);
        saved({ kind: 'success', text: heProducts.bumpedMessage });
      }
    } catch (error) {
      setFlash({ kind: 'error', text: messageOf(error) });
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  /** The price and stock as they are, confirmed now: no dialog, nothing changes but the offer's freshness. */
  const confirmRow = async (row: BusinessPharmProduct) => {
    try {
      await confirmProduct(businessId, row.id);
      saved({ kind: 'success', text: heProducts.confirmedMessage });
    } catch (error) {
      setFlash({ kind: 'error', text: messageOf(error) });
    }
  };
  return { highlight, pending, setPending, busy, confirmPending, confirmRow };
}

/**
 * Spec §2 product management: the pharmacy's offers grouped under T/C dosage headings (sticky header, React Aria
 * table), expiry badges, search and paging in the address; create from the catalogue picker (createSearch,
 * createPage), edit in a dialog (editPharmProduct), delete and bump with their confirmations, the bumped row
 * highlighted for 10 s, green and red alerts, the list refetched after every save.
 */
export function ProductsPage() {
  const { businessId } = useParams({ from: '/business/$businessId' });
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const queryClient = useQueryClient();
  const page = search.page ?? 1;
  const list = useQuery(businessProductsQuery(businessId, page, search.search));
  const [flash, setFlash] = useFlash();
  const [creating, setCreating] = useState(search.createSearch !== undefined || search.createPage !== undefined);
  const now = new Date();

  const refetch = () => queryClient.invalidateQueries({ queryKey: productsKey(businessId) });
  const saved = (next: Flash) => {
    setFlash(next);
    void refetch();
  };
  const { highlight, pending, setPending, busy, confirmPending, confirmRow } = useRowActions(businessId, saved, setFlash);

  const closeCreate = () => {
    setCreating(false);
    void navigate({ search: (prev) => ({ ...prev, createSearch: undefined, createPage: undefined }), replace: true });
  };

  if (list.isError && isApiError(list.error) && list.error.status === 404) return <NotFoundPage />;
  const data = list.data;
  const groups = data ? groupByDosage(data.pharmProducts) : [];

  return (
    <section className="bo-products" aria-labelledby="bo-products-title">
      <div className="bo-toolbar">
        <h2 id="bo-products-title">{heProducts.title}</h2>
        <DelayedSearch
          label={heProducts.searchLabel} placeholder={heProducts.searchPlaceholder} value={search.search ?? ''}
          onChange={(text) => void navigate({ search: (prev) => ({ ...prev, search: text || undefined, page: undefined }), replace: true })}
        />
        <button type="button" className="button button-primary" data-opens-dialog onClick={() => setCreating(true)}>{heProducts.add}</button>
      </div>
      <Alert flash={flash} />
      {list.isError && (
        <div className="bo-alert bo-alert-error" role="alert">
          {heProducts.loadFailed}: {list.error.message}{' '}
          <button type="button" className="bo-link-button" onClick={() => void list.refetch()}>{heProducts.retry}</button>
        </div>
      )}
      {list.isPending && <p className="bo-empty" role="status">{heProducts.loading}</p>}
      {data && (
        <ProductsTable
          businessId={businessId} groups={groups} highlight={highlight} now={now} emptyText={search.search ? heProducts.notFound : heProducts.empty}
          onEdit={(row) => void navigate({ search: (prev) => ({ ...prev, editPharmProduct: row.id }) })}
          onBump={(row) => setPending({ kind: 'bump', row })}
          onConfirm={(row) => void confirmRow(row)}
          onDelete={(row) => setPending({ kind: 'delete', row })}
        />
      )}
      {data && (
        <Pager
          page={page} total={data.total} perPage={data.perPage}
          onPage={(p) => void navigate({ search: (prev) => ({ ...prev, page: p > 1 ? p : undefined }) })}
        />
      )}

      <ConfirmDialog
        isOpen={pending !== null} busy={busy}
        message={pending?.kind === 'bump' ? BusinessMessages.confirmBump : BusinessMessages.confirmDelete}
        confirmLabel={pending?.kind === 'bump' ? heProducts.bump : heBusiness.delete}
        onConfirm={() => void confirmPending()} onCancel={() => setPending(null)}
      />

      {search.editPharmProduct !== undefined && (
        <EditProductDialog
          businessId={businessId} id={search.editPharmProduct}
          onClose={() => void navigate({ search: (prev) => ({ ...prev, editPharmProduct: undefined }) })}
          onSaved={() => {
            saved({ kind: 'success', text: heProducts.saved });
            void navigate({ search: (prev) => ({ ...prev, editPharmProduct: undefined }) });
          }}
        />
      )}

      {creating && (
        <CreateProductDialog
          businessId={businessId} searchText={search.createSearch} page={search.createPage ?? 1}
          onSearch={(text) => void navigate({ search: (prev) => ({ ...prev, createSearch: text || undefined, createPage: undefined }), replace: true })}
          onPage={(p) => void navigate({ search: (prev) => ({ ...prev, createPage: p > 1 ? p : undefined }), replace: true })}
          onClose={closeCreate}
          onCreated={() => {
            saved({ kind: 'success', text: heProducts.created });
            closeCreate();
          }}
        />
      )}
    </section>
  );
}

const fieldsOf = (row: BusinessPharmProduct): PharmProductFields => ({
  alwaysInStock: row.alwaysInStock, amount: row.amount, price: row.price, expiresAt: row.expiresAt, published: row.published,
  isNewByDefault: row.isNewByDefault, isPopularByDefault: row.isPopularByDefault,
});

/**
 * The edit dialog of `?editPharmProduct=<id>`; a save's failure stays in the dialog as a red alert. Under the form,
 * the offer's history of prices and stock (issue 31).
 */
function EditProductDialog({ businessId, id, onClose, onSaved }: { businessId: string; id: number; onClose: () => void; onSaved: () => void }) {
  const query = useQuery(businessProductQuery(businessId, id));
  const [error, setError] = useState<Flash>(null);
  const row = query.data?.pharmProduct;
  return (
    <BusinessDialog title={heProducts.editTitle} isOpen onClose={onClose}>
      <Alert flash={error} />
      {query.isPending && <p role="status">{heProducts.loading}</p>}
      {query.isError && <p className="bo-alert bo-alert-error" role="alert">{isApiError(query.error) && query.error.status === 404 ? heProducts.notFound : query.error.message}</p>}
      {row && (
        <ProductForm
          key={row.id} product={row.product} initial={fieldsOf(row)} locked={row.isYarpaLocked} partnerUpdatedAt={row.confirmedAt} requireChange submitLabel={heBusiness.save}
          onCancel={onClose}
          onSubmit={async (fields) => {
            try {
              await updateProducts(businessId, [{ id: row.id, ...fields }]);
            } catch (e) {
              setError({ kind: 'error', text: messageOf(e) });
              throw e;
            }
            onSaved();
          }}
        />
      )}
      {row && <OfferHistorySection businessId={businessId} id={row.id} />}
    </BusinessDialog>
  );
}

/** Create: first the catalogue picker (search and page in the address: createSearch, createPage), then the form with spec §9's defaults. */
function CreateProductDialog({ businessId, searchText, page, onSearch, onPage, onClose, onCreated }: {
  businessId: string; searchText: string | undefined; page: number;
  onSearch: (text: string) => void; onPage: (page: number) => void; onClose: () => void; onCreated: () => void;
}) {
  const [chosen, setChosen] = useState<BusinessProductInfo | null>(null);
  const [error, setError] = useState<Flash>(null);
  const options = useQuery({ ...productOptionsQuery(businessId, page, searchText), enabled: chosen === null });
  return (
    <BusinessDialog title={chosen ? heProducts.createTitle : heProducts.pickerTitle} isOpen onClose={onClose} wide>
      <Alert flash={error} />
      {chosen ? (
        <>
          <button type="button" className="bo-link-button" onClick={() => setChosen(null)}>{heProducts.back}</button>
          <ProductForm
            product={chosen} initial={DEFAULT_PHARM_PRODUCT} requireChange={false} submitLabel={heBusiness.save} onCancel={onClose}
            onSubmit={async (fields) => {
              try {
                await createProduct(businessId, chosen.slug, fields);
              } catch (e) {
                setError({ kind: 'error', text: messageOf(e) });
                throw e;
              }
              onCreated();
            }}
          />
        </>
      ) : (
        <div className="bo-picker">
          <DelayedSearch label={heProducts.pickerSearch} placeholder={heProducts.searchPlaceholder} value={searchText ?? ''} onChange={onSearch} />
          {options.isError && <p className="bo-alert bo-alert-error" role="alert">{options.error.message}</p>}
          {options.isPending && <p role="status">{heProducts.loading}</p>}
          {options.data && (
            <>
              <GridList
                className="bo-picker-list" aria-label={heProducts.pickerList} items={options.data.products}
                onAction={(key) => setChosen(options.data.products.find((p) => p.slug === key) ?? null)}
                renderEmptyState={() => <p className="bo-empty">{heProducts.notFound}</p>}
              >
                {(product) => (
                  <GridListItem id={product.slug} textValue={product.info.hebName || product.name} className="bo-picker-item">
                    <span className="bo-picker-name">
                      <strong>{product.info.hebName || product.name}</strong> <bdi className="bo-muted">{product.info.engName}</bdi>
                    </span>
                    {product.info.thccbdDosage && <bdi className="bo-picker-dosage">{product.info.thccbdDosage}</bdi>}
                    <span className="bo-num">{product.estimatedPrice === null ? '' : formatShekels(product.estimatedPrice)}</span>
                    <Button className="button button-small" onPress={() => setChosen(product)}>{heProducts.choose}</Button>
                  </GridListItem>
                )}
              </GridList>
              <Pager page={page} total={options.data.total} perPage={options.data.perPage} onPage={onPage} />
            </>
          )}
        </div>
      )}
    </BusinessDialog>
  );
}
