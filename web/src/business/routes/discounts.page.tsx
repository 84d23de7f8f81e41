import { classValidatorResolver } from '@hookform/resolvers/class-validator';
import {
  BusinessMessages, defaultDiscountCode, DiscountFields, discountValidityBadge, DISCOUNT_AMOUNT_TYPES, DISCOUNT_TYPES,
  type BusinessDiscount, type DiscountAmountType, type DiscountProductOption,
  type DiscountType,
} from '@mc/contracts';
import { CalendarDate, parseAbsolute, toCalendarDate } from '@internationalized/date';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useState } from 'react';
import {
  Button, Cell, Collection, ComboBox, Input, Label, ListBox, ListBoxItem, ListBoxLoadMoreItem, Popover, Row, Select, SelectValue, type Key,
} from 'react-aria-components';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { couponsEnabled } from '../../kit/lib/features';
import { heBusiness } from '../i18n/he-business';
import { heDiscounts } from '../i18n/he-discounts';
import { discountProductOptionsQuery, discountQuery, discountsKey, discountsQuery, removeDiscount, saveDiscount } from '../queries/discounts';
import { Alert, BoCheckbox, BusinessDialog, ConfirmDialog, DayPicker, formatDate, formatShekels, Pager, useFlash, useUnsavedChangesWarning } from '../../kit/backoffice/ui';
import { BoTable, RowActions } from '../../kit/backoffice/table';
import '../components/discounts.css';

/** Dates are days in Israel: a start counts from the day's first moment, an end through its last. */
const TIME_ZONE = 'Asia/Jerusalem';
/** Spec §4: lists load about 100 ms after a change. */
const SEARCH_DELAY_MS = 100;

/** A discount's amount as the table shows it: '10%' or '₪12.50'. */
export const formatAmount = (d: Pick<BusinessDiscount, 'amount' | 'amountType'>): string =>
  d.amountType === 'percent' ? `${d.amount}%` : formatShekels(d.amount);

/** Spec §9's new discount: all-products, percent, 10, published, an EASY_ code, from now to one month ahead. */
export function newDiscountValues(now = new Date()): DiscountFields {
  const end = new Date(now);
  end.setMonth(end.getMonth() + 1);
  return Object.assign(new DiscountFields(), {
    name: '', code: defaultDiscountCode(), type: 'all-products', amountType: 'percent', amount: 10, published: true, allowMultiple: false,
    newCustomersOnly: false, startDate: now.toISOString(), endDate: end.toISOString(), pharmProductIds: [],
  } satisfies DiscountFields);
}

const valuesOf = (d: BusinessDiscount): DiscountFields => Object.assign(new DiscountFields(), {
  name: d.name, code: d.code, type: d.type, amountType: d.amountType, amount: d.amount, published: d.published, allowMultiple: d.allowMultiple,
  newCustomersOnly: d.newCustomersOnly, startDate: d.startDate, endDate: d.endDate, pharmProductIds: d.pharmProducts.map((p) => p.id),
} satisfies DiscountFields);

const dayOf = (iso: string): CalendarDate | null => {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? null : toCalendarDate(parseAbsolute(new Date(at).toISOString(), TIME_ZONE));
};
const startOfDay = (day: CalendarDate) => day.toDate(TIME_ZONE).toISOString();
const endOfDay = (day: CalendarDate) => new Date(day.add({ days: 1 }).toDate(TIME_ZONE).getTime() - 1).toISOString();

/** /business/{businessId}/discounts: the pharmacy's discounts and coupons (spec §2, §3, §5). */
export function DiscountsPage() {
  const { businessId } = useParams({ from: '/business/$businessId' });
  const search = useSearch({ from: '/business/$businessId/discounts' });
  const navigate = useNavigate({ from: '/business/$businessId/discounts' });
  const queryClient = useQueryClient();
  const page = search.page ?? 1;
  const list = useQuery(discountsQuery(businessId, page));
  const [flash, setFlash] = useFlash();
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<BusinessDiscount | null>(null);
  /** The edit dialog just saved: closed at once, the address follows. */
  const [dismissed, setDismissed] = useState<string | null>(null);
  const editCode = search.editPharmDiscount;
  const closeEdit = () => void navigate({ search: (s) => ({ ...s, editPharmDiscount: undefined }) });

  useEffect(() => {
    if (!dismissed) return;
    if (editCode === dismissed) closeEdit();
    else setDismissed(null);
  }, [dismissed, editCode]);

  const refetch = () => queryClient.invalidateQueries({ queryKey: discountsKey(businessId) });
  const saved = () => {
    setFlash({ kind: 'success', text: heDiscounts.saved });
    void refetch();
  };
  const remove = useMutation({
    mutationFn: (code: string) => removeDiscount(businessId, code),
    onSuccess: () => {
      setRemoving(null);
      setFlash({ kind: 'success', text: heDiscounts.removed });
      void refetch();
    },
    onError: (error) => {
      setRemoving(null);
      setFlash({ kind: 'error', text: error.message });
    },
  });
  const now = new Date();

  return (
    <section aria-labelledby="bo-discounts-title">
      <div className="bo-toolbar">
        <h2 id="bo-discounts-title">{heDiscounts.title}</h2>
        <Button className="button button-primary" data-opens-dialog onPress={() => setCreating(true)}>{heDiscounts.add}</Button>
      </div>
      <Alert flash={flash} />
      {list.isPending ? <p className="bo-empty">{heDiscounts.loading}</p> : list.isError ? <p className="bo-alert bo-alert-error" role="alert">{list.error.message}</p> : (
        <>
          <BoTable
            className="bo-table" labelledBy="bo-discounts-title" items={list.data.discounts} empty={heDiscounts.empty}
            columns={[
              heDiscounts.columns.name, heDiscounts.columns.code, heDiscounts.columns.type, heDiscounts.columns.amount, heDiscounts.columns.start,
              heDiscounts.columns.end, heDiscounts.columns.published, heDiscounts.columns.status, heDiscounts.columns.actions,
            ]}
          >
            {(d) => {
              const badge = discountValidityBadge(d.startDate, d.endDate, now);
              return (
                <Row id={d.code}>
                  <Cell>{d.name}</Cell>
                  <Cell><bdi dir="ltr">{d.code}</bdi></Cell>
                  <Cell>{heDiscounts.types[d.type]}</Cell>
                  <Cell><span className="bo-num">{formatAmount(d)}</span></Cell>
                  <Cell><span className="bo-num">{formatDate(d.startDate)}</span></Cell>
                  <Cell><span className="bo-num">{formatDate(d.endDate)}</span></Cell>
                  <Cell>{d.published ? heDiscounts.yes : heDiscounts.no}</Cell>
                  <Cell>{badge && <span className={`bo-badge ${badge === 'expired' ? 'bo-badge-danger' : 'bo-badge-muted'}`}>{heDiscounts.badges[badge]}</span>}</Cell>
                  <Cell>
                    <RowActions
                      editLabel={`${heBusiness.edit} ${d.name}`} deleteLabel={`${heBusiness.delete} ${d.name}`}
                      onEdit={() => void navigate({ search: (s) => ({ ...s, editPharmDiscount: d.code }) })} onDelete={() => setRemoving(d)}
                    />
                  </Cell>
                </Row>
              );
            }}
          </BoTable>
          <Pager page={page} total={list.data.total} perPage={list.data.perPage} onPage={(p) => void navigate({ search: (s) => ({ ...s, page: p > 1 ? p : undefined }) })} />
        </>
      )}

      <BusinessDialog title={heDiscounts.createTitle} isOpen={creating} onClose={() => setCreating(false)} wide>
        {creating && (
          <DiscountForm businessId={businessId} initial={newDiscountValues()} couponsOn={couponsEnabled()}
            onSaved={() => { setCreating(false); saved(); }} onCancel={() => setCreating(false)} />
        )}
      </BusinessDialog>

      <BusinessDialog title={heDiscounts.editTitle} isOpen={!!editCode && editCode !== dismissed} onClose={closeEdit} wide>
        {editCode && editCode !== dismissed && (
          <EditDiscount businessId={businessId} code={editCode} onSaved={() => { setDismissed(editCode); saved(); }} onCancel={closeEdit} />
        )}
      </BusinessDialog>

      <ConfirmDialog message={BusinessMessages.confirmDelete} isOpen={!!removing} busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.code)} onCancel={() => setRemoving(null)} />
    </section>
  );
}

function EditDiscount({ businessId, code, onSaved, onCancel }: { businessId: string; code: string; onSaved: () => void; onCancel: () => void }) {
  const discount = useQuery(discountQuery(businessId, code));
  if (discount.isPending) return <p className="bo-empty">{heDiscounts.loading}</p>;
  if (discount.isError) return <p className="bo-alert bo-alert-error" role="alert">{discount.error.message}</p>;
  const d = discount.data.discount;
  return (
    <DiscountForm businessId={businessId} currentCode={d.code} initial={valuesOf(d)} knownProducts={d.pharmProducts}
      couponsOn={couponsEnabled()} onSaved={onSaved} onCancel={onCancel} />
  );
}

/**
 * The create and edit form (spec §5): fields shown by type (allowMultiple for all-products, newCustomersOnly for coupons,
 * the price amount type for coupons, the product picker for specific products and prices), validated with the shared
 * `DiscountFields` as pharm validates it. Save stays disabled until something changes.
 */
export function DiscountForm({ businessId, currentCode, initial, knownProducts = [], couponsOn, onSaved, onCancel }: {
  businessId: string;
  /** Editing: the code the discount has now. */
  currentCode?: string;
  initial: DiscountFields;
  knownProducts?: DiscountProductOption[];
  couponsOn: boolean;
  onSaved: (discount: BusinessDiscount) => void;
  onCancel: () => void;
}) {
  const form = useForm<DiscountFields>({ resolver: classValidatorResolver(DiscountFields), defaultValues: { ...initial }, mode: 'onTouched' });
  const { errors, isDirty } = form.formState;
  const type = form.watch('type');
  const amountType = form.watch('amountType');
  const [products, setProducts] = useState<Map<number, DiscountProductOption>>(() => new Map(knownProducts.map((p) => [p.id, p])));
  const save = useMutation({
    mutationFn: (values: DiscountFields) => saveDiscount(businessId, currentCode, values),
    onSuccess: ({ discount }) => {
      form.reset({ ...valuesOf(discount) });
      onSaved(discount);
    },
  });
  useUnsavedChangesWarning(isDirty && !save.isSuccess);

  // The price amount type is for coupons only (spec §5): leaving the coupon type leaves it too.
  useEffect(() => {
    if (type !== 'coupon' && amountType === 'price') form.setValue('amountType', 'percent', { shouldDirty: true });
  }, [type, amountType, form]);

  const types = DISCOUNT_TYPES.filter((t) => t !== 'coupon' || couponsOn || initial.type === 'coupon');
  const amountTypes = DISCOUNT_AMOUNT_TYPES.filter((t) => t !== 'price' || type === 'coupon');
  const needsProducts = type === 'specific-products' || amountType === 'price';
  const showProducts = needsProducts || type === 'coupon';
  const amountLabel = amountType === 'percent' ? heDiscounts.fields.amountPercent : amountType === 'fixed' ? heDiscounts.fields.amountFixed : heDiscounts.fields.price;
  const ids = useId();
  const startDay = dayOf(form.watch('startDate'));
  const endDay = dayOf(form.watch('endDate'));

  return (
    <form className="bo-form bo-discount-form" noValidate onSubmit={(e) => void form.handleSubmit((values) => save.mutate(values))(e)}>
      <div className="bo-field">
        <label htmlFor={`${ids}-name`}>{heDiscounts.fields.name}</label>
        <input id={`${ids}-name`} aria-invalid={!!errors.name || undefined} aria-describedby={errors.name ? `${ids}-name-error` : undefined} {...form.register('name')} />
        {errors.name && <p id={`${ids}-name-error`} className="bo-field-error">{errors.name.message}</p>}
      </div>

      <FieldSelect form={form} name="type" label={heDiscounts.fields.type} options={types.map((t) => ({ id: t, label: heDiscounts.types[t] }))} />

      <div className="bo-field">
        <label htmlFor={`${ids}-code`}>{type === 'coupon' ? heDiscounts.fields.couponCode : heDiscounts.fields.code}</label>
        <input id={`${ids}-code`} dir="ltr" autoComplete="off" aria-invalid={!!errors.code || undefined} aria-describedby={errors.code ? `${ids}-code-error` : undefined} {...form.register('code')} />
        {errors.code && <p id={`${ids}-code-error`} className="bo-field-error">{errors.code.message}</p>}
      </div>

      <div className="bo-field-row">
        <FieldSelect form={form} name="amountType" label={heDiscounts.fields.amountType} options={amountTypes.map((t) => ({ id: t, label: heDiscounts.amountTypes[t] }))} />
        <div className="bo-field">
          <label htmlFor={`${ids}-amount`}>{amountLabel}</label>
          <input id={`${ids}-amount`} type="number" inputMode="decimal" min={1} max={amountType === 'percent' ? 100 : undefined} step={amountType === 'percent' ? 1 : 0.01} dir="ltr"
            aria-invalid={!!errors.amount || undefined} aria-describedby={errors.amount ? `${ids}-amount-error` : undefined} {...form.register('amount')} />
          {errors.amount && <p id={`${ids}-amount-error`} className="bo-field-error">{errors.amount.message}</p>}
        </div>
      </div>

      <div className="bo-field-row">
        <Controller control={form.control} name="startDate" render={({ field, fieldState }) => (
          <DayPicker label={heDiscounts.fields.startDate} value={dayOf(field.value)} maxValue={endDay ?? undefined} error={fieldState.error?.message}
            onChange={(day) => field.onChange(day ? startOfDay(day) : '')} onBlur={field.onBlur} />
        )} />
        <Controller control={form.control} name="endDate" render={({ field, fieldState }) => (
          <DayPicker label={heDiscounts.fields.endDate} value={dayOf(field.value)} minValue={startDay ?? undefined} error={fieldState.error?.message}
            onChange={(day) => field.onChange(day ? endOfDay(day) : '')} onBlur={field.onBlur} />
        )} />
      </div>

      <FieldCheckbox form={form} name="published" label={heDiscounts.fields.published} />
      {type === 'all-products' && <FieldCheckbox form={form} name="allowMultiple" label={heDiscounts.fields.allowMultiple} />}
      {type === 'coupon' && <FieldCheckbox form={form} name="newCustomersOnly" label={heDiscounts.fields.newCustomersOnly} />}

      {showProducts && (
        <Controller control={form.control} name="pharmProductIds" render={({ field, fieldState }) => (
          <ProductPicker businessId={businessId} value={field.value ?? []} known={products} error={fieldState.error?.message}
            onAdd={(option) => {
              setProducts((m) => new Map(m).set(option.id, option));
              if (!(field.value ?? []).includes(option.id)) field.onChange([...(field.value ?? []), option.id]);
            }}
            onRemove={(id) => field.onChange((field.value ?? []).filter((x) => x !== id))} />
        )} />
      )}

      {save.isError && <p className="bo-alert bo-alert-error" role="alert">{save.error.message}</p>}
      <div className="bo-actions">
        <Button type="submit" className="button button-primary" isDisabled={!isDirty || save.isPending}>{save.isPending ? heDiscounts.saving : heBusiness.save}</Button>
        <Button className="button" onPress={onCancel}>{heBusiness.cancel}</Button>
      </div>
    </form>
  );
}

function FieldSelect<N extends 'type' | 'amountType'>({ form, name, label, options }: {
  form: UseFormReturn<DiscountFields>; name: N; label: string; options: { id: N extends 'type' ? DiscountType : DiscountAmountType; label: string }[];
}) {
  return (
    <Controller control={form.control} name={name} render={({ field }) => (
      <Select className="bo-field bo-select" selectedKey={field.value} onSelectionChange={(key) => key !== null && field.onChange(String(key))} onBlur={field.onBlur}>
        <Label>{label}</Label>
        <Button className="bo-select-button"><SelectValue /><span aria-hidden="true">▾</span></Button>
        <Popover className="bo-popover">
          <ListBox className="bo-listbox" items={options}>
            {(o) => <ListBoxItem className="bo-option" id={o.id} textValue={o.label}>{o.label}</ListBoxItem>}
          </ListBox>
        </Popover>
      </Select>
    )} />
  );
}

function FieldCheckbox({ form, name, label }: { form: UseFormReturn<DiscountFields>; name: 'published' | 'allowMultiple' | 'newCustomersOnly'; label: string }) {
  return (
    <Controller control={form.control} name={name} render={({ field }) => (
      <BoCheckbox isSelected={!!field.value} onChange={field.onChange} onBlur={field.onBlur}>{label}</BoCheckbox>
    )} />
  );
}


/** The pharmacy's offers to pick from: a searchable, paged combo box over discount-product-options, the picked ones listed. */
function ProductPicker({ businessId, value, known, error, onAdd, onRemove }: {
  businessId: string; value: number[]; known: Map<number, DiscountProductOption>; error?: string;
  onAdd: (option: DiscountProductOption) => void; onRemove: (id: number) => void;
}) {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const options = useInfiniteQuery(discountProductOptionsQuery(businessId, search));
  const items = useMemo(() => options.data?.pages.flatMap((p) => p.pharmProducts) ?? [], [options.data]);
  const picked = (key: Key | null) => {
    const option = items.find((o) => o.id === Number(key));
    if (!option) return;
    onAdd(option);
    setInput('');
  };
  const ids = useId();
  return (
    <div className="bo-field bo-product-picker">
      {/* The server searches (by name, forgiving typos): the box shows what it answers, unfiltered. */}
      <ComboBox className="bo-combobox" inputValue={input} onInputChange={setInput} selectedKey={null} onSelectionChange={picked} menuTrigger="focus"
        defaultFilter={() => true} allowsEmptyCollection aria-describedby={error ? `${ids}-error` : undefined}>
        <Label>{heDiscounts.fields.products}</Label>
        <Input className="bo-combobox-input" placeholder={heDiscounts.fields.productSearch} />
        <Popover className="bo-popover">
          <ListBox className="bo-listbox" renderEmptyState={() => <p className="bo-empty">{options.isFetching ? heDiscounts.loading : heDiscounts.noProduct}</p>}>
            <Collection items={items}>
              {(o) => (
                <ListBoxItem className="bo-option" id={o.id} textValue={o.name}>
                  {o.name} <span className="bo-num">{formatShekels(o.originalPrice)}</span>
                </ListBoxItem>
              )}
            </Collection>
            {options.hasNextPage && (
              <ListBoxLoadMoreItem className="bo-option" isLoading={options.isFetchingNextPage} onLoadMore={() => void options.fetchNextPage()}>
                {heDiscounts.loadMore}
              </ListBoxLoadMoreItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
      {error && <p id={`${ids}-error`} className="bo-field-error">{error}</p>}
      {value.length > 0 && (
        <ul className="bo-picked" aria-label={heDiscounts.fields.products}>
          {value.map((id) => {
            const option = known.get(id);
            // Spec §8: a picked offer the picker does not know is an error, not a silent blank.
            if (!option) return <li key={id} className="bo-field-error" role="alert">{heDiscounts.missingProduct(id)}</li>;
            return (
              <li key={id}>
                {option.name} <span className="bo-num">{formatShekels(option.originalPrice)}</span>
                <Button className="bo-icon-button" aria-label={heDiscounts.fields.removeProduct(option.name)} onPress={() => onRemove(id)}>×</Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
