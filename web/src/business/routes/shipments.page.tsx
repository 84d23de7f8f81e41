import { classValidatorResolver } from '@hookform/resolvers/class-validator';
import {
  BusinessMessages, DEFAULT_SHIPMENT_PRICING, GRAMS_PER_ITEM, Messages, NEW_PRICING_ROW, ShipmentFields, SHIPMENT_QUANTITY_TYPES, type BusinessShipment,
  type ShipmentQuantityType,
} from '@mc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Control, type UseFormRegisterReturn } from 'react-hook-form';
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import { locationsQuery } from '../../kit/queries/pharms';
import { removeShipment, saveShipment, shipmentQuery, shipmentsKey, shipmentsQuery } from '../queries/shipments';
import { areasSummary, areaTree, coveredBy, pricingSummary, toggleArea, type AreaTree } from '../components/areas';
import { heShipments } from '../i18n/he-shipments';
import { Alert, BoCheckbox, BusinessDialog, ConfirmDialog, Pager, type Flash, useFlash, useUnsavedChangesWarning } from '../../kit/backoffice/ui';
import { heBusiness } from '../i18n/he-business';
import { RowActions } from '../../kit/backoffice/table';
import '../components/shipments.css';

/** Spec §4: success messages on shipment forms hide after 3 s. */
const SHIPMENT_FLASH_MS = 3000;

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : Messages.generic);

/** The route's page: /business/{id}/shipments (search params page and editPharmShipment). */
export function ShipmentsPage() {
  const { businessId } = useParams({ strict: false }) as { businessId: string };
  return <ShipmentsSection businessId={businessId} />;
}

/**
 * Spec §2 shipment management: the list (paged by `page`), the add dialog and the edit dialog opened by
 * `?editPharmShipment=<id>`, deletion after 'בטוח שברצונך למחוק?'. Embeddable in the dashboard (same search params).
 */
export function ShipmentsSection({ businessId }: { businessId: string }) {
  const search = useSearch({ strict: false }) as { page?: number; editPharmShipment?: number };
  const navigate = useNavigate();
  const page = search.page ?? 1;
  const editId = search.editPharmShipment;
  const queryClient = useQueryClient();
  const [flash, showFlash] = useFlash(SHIPMENT_FLASH_MS);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<BusinessShipment | null>(null);
  const list = useQuery(shipmentsQuery(businessId, page));
  const setSearch = (next: { page?: number; editPharmShipment?: number }) =>
    void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, ...next }), replace: false });
  const refetch = () => queryClient.invalidateQueries({ queryKey: shipmentsKey(businessId) });

  const remove = useMutation({
    mutationFn: (id: number) => removeShipment(businessId, id),
    onSuccess: async () => {
      setRemoving(null);
      showFlash({ kind: 'success', text: heShipments.removed });
      await refetch();
    },
    onError: (error) => {
      setRemoving(null);
      showFlash({ kind: 'error', text: errorText(error) });
    },
  });

  const onSaved = async (message: Flash) => {
    showFlash(message);
    setAdding(false);
    if (editId !== undefined) setSearch({ editPharmShipment: undefined });
    await refetch();
  };

  return (
    <section className="bo-shipments" aria-labelledby="bo-shipments-title">
      <div className="bo-toolbar">
        <h2 id="bo-shipments-title">{heShipments.title}</h2>
        <Button className="button button-primary" data-opens-dialog onPress={() => setAdding(true)}>{heShipments.add}</Button>
      </div>
      <Alert flash={flash} />
      {list.isError ? (
        <p className="bo-alert bo-alert-error" role="alert">{errorText(list.error)}</p>
      ) : list.data && list.data.shipments.length === 0 ? (
        <p className="bo-empty">{heShipments.empty}</p>
      ) : (
        <div className="bo-table-wrap">
          <table className="bo-table" aria-labelledby="bo-shipments-title" aria-busy={list.isFetching || undefined}>
            <thead>
              <tr>
                <th scope="col">{heShipments.name}</th>
                <th scope="col">{heShipments.published}</th>
                <th scope="col">{heShipments.areas}</th>
                <th scope="col">{heShipments.pricing}</th>
                <th scope="col">{heShipments.actions}</th>
              </tr>
            </thead>
            <tbody>
              {list.data?.shipments.map((s) => (
                <tr key={s.id}>
                  <th scope="row">{s.name}</th>
                  <td>
                    <span className={`bo-badge ${s.published ? 'bo-badge-success' : 'bo-badge-muted'}`}>
                      {s.published ? heShipments.publishedYes : heShipments.publishedNo}
                    </span>
                  </td>
                  <td>{areasSummary(s.addresses.map((a) => a.location.displayText))}</td>
                  <td>
                    <ul className="bo-shipment-pricings">
                      {s.pricings.map((p, i) => <li key={i} className="bo-num">{pricingSummary(p)}</li>)}
                    </ul>
                  </td>
                  <td>
                    <RowActions
                      editLabel={`${heBusiness.edit} ${s.name}`} deleteLabel={`${heBusiness.delete} ${s.name}`} danger
                      onEdit={() => setSearch({ editPharmShipment: s.id })} onDelete={() => setRemoving(s)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data && <Pager page={page} total={list.data.total} perPage={list.data.perPage} onPage={(p) => setSearch({ page: p })} />}

      <BusinessDialog title={heShipments.addTitle} isOpen={adding} onClose={() => setAdding(false)} wide>
        {adding && <ShipmentForm businessId={businessId} onSaved={onSaved} />}
      </BusinessDialog>
      <BusinessDialog title={heShipments.editTitle} isOpen={editId !== undefined} onClose={() => setSearch({ editPharmShipment: undefined })} wide>
        {editId !== undefined && <EditShipment businessId={businessId} id={editId} onSaved={onSaved} />}
      </BusinessDialog>
      <ConfirmDialog
        message={BusinessMessages.confirmDelete}
        isOpen={removing !== null}
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}

function EditShipment({ businessId, id, onSaved }: { businessId: string; id: number; onSaved: (flash: Flash) => Promise<void> }) {
  const one = useQuery(shipmentQuery(businessId, id));
  if (one.isError) return <p className="bo-alert bo-alert-error" role="alert">{errorText(one.error)}</p>;
  if (!one.data) return <p className="bo-empty" role="status">…</p>;
  return <ShipmentForm businessId={businessId} shipment={one.data.shipment} onSaved={onSaved} />;
}

type FormValues = ShipmentFields;

/** The form's values: a plain object (react-hook-form sees no change against a class instance's defaults). */
const toForm = (s?: BusinessShipment): FormValues => (s
  ? { name: s.name, published: s.published, addresses: s.addresses.map((a) => ({ locationId: a.locationId })), pricings: s.pricings.map((p) => ({ ...p })) }
  : { name: '', published: true, addresses: [], pricings: [{ ...DEFAULT_SHIPMENT_PRICING }] });

const QUANTITY_LABELS: Record<ShipmentQuantityType, string> = {
  'min-total-price': heShipments.minTotalPrice,
  'min-items-count': heShipments.minItemsCount,
};

/** The add and edit form (spec §5): name, published, areas, pricing rows. Save stays disabled until something changes. */
function ShipmentForm({ businessId, shipment, onSaved }: { businessId: string; shipment?: BusinessShipment; onSaved: (flash: Flash) => Promise<void> }) {
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const locations = useQuery(locationsQuery());
  const tree = useMemo(() => areaTree(locations.data?.locations ?? []), [locations.data]);
  const { register, control, handleSubmit, formState: { errors, isDirty, isSubmitting } } = useForm<FormValues>({
    resolver: classValidatorResolver(ShipmentFields),
    defaultValues: toForm(shipment),
  });
  const rows = useFieldArray({ control, name: 'pricings' });
  useUnsavedChangesWarning(isDirty && !isSubmitting);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await saveShipment(businessId, shipment?.id, values);
      await onSaved({ kind: 'success', text: heShipments.saved });
    } catch (error) {
      setFailure(errorText(error));
    }
  });

  const fieldError = (name: string, message?: string) =>
    message ? <span id={`${id}-${name}-error`} className="bo-field-error" role="alert">{message}</span> : null;
  const described = (name: string, message?: string) => ({ 'aria-invalid': message ? true : undefined, 'aria-describedby': message ? `${id}-${name}-error` : undefined });

  return (
    <form className="bo-form" onSubmit={(e) => void submit(e)} noValidate>
      {failure && <p className="bo-alert bo-alert-error" role="alert">{failure}</p>}
      <div className="bo-field">
        <label htmlFor={`${id}-name`}>{heShipments.name}</label>
        <input id={`${id}-name`} className="input" {...register('name')} {...described('name', errors.name?.message)} />
        {fieldError('name', errors.name?.message)}
      </div>
      <Controller control={control} name="published" render={({ field }) => (
        <BoCheckbox isSelected={field.value} onChange={field.onChange}>{heShipments.published}</BoCheckbox>
      )} />

      <fieldset className="bo-fieldset">
        <legend>{heShipments.areas}</legend>
        <Controller control={control} name="addresses" render={({ field }) => (
          <AreaPicker
            tree={tree}
            selected={(field.value ?? []).map((a) => a.locationId)}
            onChange={(ids) => field.onChange(ids.map((locationId) => ({ locationId })))}
          />
        )} />
        {fieldError('addresses', errors.addresses?.message ?? errors.addresses?.root?.message)}
      </fieldset>

      <fieldset className="bo-fieldset">
        <legend>{heShipments.pricing}</legend>
        {rows.fields.map((row, i) => {
          const e = errors.pricings?.[i];
          return (
            <div key={row.id} className="bo-pricing-row" role="group" aria-label={`${heShipments.pricing} ${i + 1}`}>
              <Controller control={control} name={`pricings.${i}.quantityType`} render={({ field }) => (
                <Select className="bo-field" selectedKey={field.value} onSelectionChange={(key) => field.onChange(key as ShipmentQuantityType)} isInvalid={!!e?.quantityType}>
                  <Label>{heShipments.quantityType}</Label>
                  <Button className="bo-select-button"><SelectValue /><span aria-hidden="true">▾</span></Button>
                  <Popover className="bo-popover">
                    <ListBox className="bo-listbox">
                      {SHIPMENT_QUANTITY_TYPES.map((t) => <ListBoxItem key={t} id={t} className="bo-option">{QUANTITY_LABELS[t]}</ListBoxItem>)}
                    </ListBox>
                  </Popover>
                </Select>
              )} />
              <PricingQuantity
                id={`${id}-q-${i}`}
                control={control}
                index={i}
                input={{ ...register(`pricings.${i}.quantity`), ...described(`q-${i}`, e?.quantity?.message) }}
                error={fieldError(`q-${i}`, e?.quantity?.message)}
              />
              <div className="bo-field">
                <label htmlFor={`${id}-a-${i}`}>{heShipments.amount}</label>
                <input id={`${id}-a-${i}`} className="input" type="number" inputMode="decimal" min={0} step="any" dir="ltr"
                  {...register(`pricings.${i}.amount`)} {...described(`a-${i}`, e?.amount?.message)} />
                {fieldError(`a-${i}`, e?.amount?.message)}
              </div>
              {rows.fields.length > 1 && (
                <Button className="bo-icon-button" aria-label={`${heShipments.removeRow} ${i + 1}`} onPress={() => rows.remove(i)}>×</Button>
              )}
            </div>
          );
        })}
        {fieldError('pricings', errors.pricings?.message ?? errors.pricings?.root?.message)}
        <Button className="button" onPress={() => rows.append({ ...NEW_PRICING_ROW })}>{heShipments.addRow}</Button>
      </fieldset>

      <div className="bo-actions">
        <Button type="submit" className="button button-primary" isDisabled={!isDirty || isSubmitting}>{heBusiness.save}</Button>
      </div>
    </form>
  );
}

/**
 * A pricing row's 'from' number with its unit beside it, as the row's condition means it: shekels of the order, or
 * items of 10 g (with the grams it comes to under the unit). A number meant as shekels in an items row shows as grams
 * at once. The unit is part of the field's description, so a screen reader says it too.
 */
function PricingQuantity({ id, control, index, input, error }: {
  id: string;
  control: Control<FormValues>;
  index: number;
  input: UseFormRegisterReturn & { 'aria-invalid'?: boolean; 'aria-describedby'?: string };
  error: ReactNode;
}) {
  const [quantityType, quantity] = useWatch({ control, name: [`pricings.${index}.quantityType`, `pricings.${index}.quantity`] });
  const items = quantityType === 'min-items-count';
  const count = Number(quantity);
  const describedBy = [`${id}-unit`, input['aria-describedby']].filter(Boolean).join(' ');
  return (
    <div className="bo-field">
      <label htmlFor={id}>{heShipments.quantity}</label>
      <div className="bo-input-unit">
        <input id={id} className="input" type="number" inputMode="decimal" min={0} step="any" dir="ltr" {...input} aria-describedby={describedBy} />
        <span id={`${id}-unit`} className="bo-unit">
          <span data-testid="pricing-unit">{items ? heShipments.itemsUnit : heShipments.shekelsUnit}</span>
          {items && Number.isFinite(count) && <>{' '}<span className="bo-unit-total">{heShipments.gramsTotal(count * GRAMS_PER_ITEM)}</span></>}
        </span>
      </div>
      {error}
    </div>
  );
}

/**
 * The locations tree picker: the country, then each district with its cities (spec §2). Selecting a wider area covers
 * what is under it (those are shown checked and disabled); each district's cities scroll at 200px.
 */
export function AreaPicker({ tree, selected, onChange }: { tree: AreaTree; selected: number[]; onChange: (ids: number[]) => void }) {
  const toggle = (id: number) => (on: boolean) => onChange(toggleArea(tree, selected, id, on));
  const box = (id: number, label: string) => {
    const covered = coveredBy(tree, selected, id);
    return (
      <BoCheckbox isSelected={covered || selected.includes(id)} isDisabled={covered} onChange={toggle(id)}>
        {label}
      </BoCheckbox>
    );
  };
  return (
    <div className="bo-areas">
      {tree.country && box(tree.country.id, heShipments.wholeCountry(tree.country.displayText))}
      {tree.districts.map(({ district, cities }) => (
        <div key={district.id} className="bo-area-district">
          {box(district.id, heShipments.wholeDistrict(district.displayText))}
          {cities.length > 0 && (
            <div className="bo-area-cities" role="group" aria-label={heShipments.citiesOf(district.displayText)}>
              {cities.map((city) => <div key={city.id}>{box(city.id, city.displayText)}</div>)}
            </div>
          )}
        </div>
      ))}
    </div>
  );
}
