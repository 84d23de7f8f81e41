import { ALERT_RULES, AlertCreateDto, AlertMessages, Messages, type AlertKind, type PriceAlert } from '@mc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { useRef, useState } from 'react';
import {
  Button, Checkbox, FieldError, Form, I18nProvider, Input, Label, Radio, RadioGroup, Text, TextField,
} from 'react-aria-components';
import { isApiError } from '../../../kit/api/client';
import { heAlerts } from '../../../kit/i18n/he-alerts';
import { useUserInfo } from '../../../kit/auth/user-info';
import { GeoError, locate, type GeoFailure } from '../../../kit/lib/geolocation';
import { alertsKey, createAlert, type AlertBody } from '../../../kit/queries/alerts';
import '../../../kit/forms/forms.css';

const text = heAlerts.form;

/** Anywhere, near where the patient is now, or near a saved address (`address-<id>`). */
type Place = 'anywhere' | 'near' | `address-${number}`;
type Field = 'kind' | 'below' | 'place' | 'radius';
type Errors = Partial<Record<Field | 'form', string>>;
type Geo = { status: 'idle' | 'locating' } | { status: 'located'; lat: number; lng: number } | { status: 'failed'; reason: GeoFailure };

/** The DTO's property a message is about, as the form names its fields. */
const FIELD_OF: Record<string, Field> = { kind: 'kind', below: 'below', lat: 'place', lng: 'place', addressId: 'place', radiusKm: 'radius' };

/** A 400's message by the field it is about (the API answers the field's Hebrew message); any other on the form. */
function fieldOfMessage(message: string): Field | 'form' {
  if (message === AlertMessages.invalidBelow) return 'below';
  if (message === AlertMessages.invalidPlace) return 'place';
  if (message === AlertMessages.invalidRadius) return 'radius';
  if (message === AlertMessages.invalidKind) return 'kind';
  return 'form';
}

/** The contracts' own validation of the body, each first message by its field. */
export function validateAlert(body: AlertBody): Errors {
  const errors: Errors = {};
  for (const error of validateSync(plainToInstance(AlertCreateDto, body))) {
    const field = FIELD_OF[error.property] ?? 'form';
    const message = Object.values(error.constraints ?? {})[0] ?? Messages.badRequest;
    errors[field] ??= message;
  }
  return errors;
}

/** The place kept with an alert is rounded to about 100 m by the service; nothing finer leaves the browser. */
const round3 = (value: number) => Math.round(value * 1000) / 1000;

/**
 * The alert form of a product (issue 31), React Aria: the kind (a price drop, or back in stock), for a price drop an
 * optional price in shekels to drop to (empty: any drop of the lowest price), optionally only pharmacies near where
 * the patient is now (the browser's position) or near a saved address (its place is the service's to find), with a
 * distance of `ALERT_RULES.radiiKm`, and a text message too.
 * Checked with the contracts' `AlertCreateDto` before it is sent; the API's 400 is shown by its field.
 */
export default function AlertForm({ productSlug }: { productSlug: string }) {
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<AlertKind>('price');
  const [below, setBelow] = useState('');
  const [place, setPlace] = useState<Place>('anywhere');
  const [radiusKm, setRadiusKm] = useState<number>(ALERT_RULES.radiiKm[1]);
  const [sms, setSms] = useState(false);
  const [geo, setGeo] = useState<Geo>({ status: 'idle' });
  const [errors, setErrors] = useState<Errors>({});
  const asked = useRef(0);
  const addresses = useUserInfo().data?.addresses ?? [];
  const addressId = place.startsWith('address-') ? Number(place.slice('address-'.length)) : undefined;

  const save = useMutation({
    mutationFn: createAlert,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: alertsKey().slice(0, 2) }),
    onError: (error) => {
      const message = error.message || Messages.generic;
      setErrors({ [isApiError(error) && error.status === 400 ? fieldOfMessage(message) : 'form']: message });
    },
  });

  const locateMe = () => {
    const ask = ++asked.current;
    setGeo({ status: 'locating' });
    locate().then(
      (point) => ask === asked.current && setGeo({ status: 'located', lat: round3(point.lat), lng: round3(point.lng) }),
      (error: unknown) => ask === asked.current && setGeo({ status: 'failed', reason: error instanceof GeoError ? error.reason : 'unavailable' }),
    );
  };

  const choosePlace = (next: Place) => {
    setPlace(next);
    setErrors(({ place: _, ...rest }) => rest);
    if (next === 'near' && geo.status !== 'located' && geo.status !== 'locating') locateMe();
  };

  const submit = () => {
    const body: AlertBody = { productSlug, kind, sms };
    if (kind === 'price' && below.trim()) body.below = Number(below.trim().replace(',', '.'));
    if (place === 'near' && geo.status === 'located') Object.assign(body, { lat: geo.lat, lng: geo.lng, radiusKm });
    if (addressId !== undefined) Object.assign(body, { addressId, radiusKm });
    const found = validateAlert(body);
    // Near where the patient is, without the position: no place to send.
    if (place === 'near' && geo.status !== 'located') found.place ??= AlertMessages.invalidPlace;
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(body);
  };

  if (save.isSuccess) return <AlertCreated alert={save.data} />;
  return (
    <I18nProvider locale="he-IL">
      <Form
        className="alert-form" validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <RadioGroup
          className="alert-choice" value={kind} onChange={(value) => setKind(value === 'stock' ? 'stock' : 'price')}
          orientation="horizontal" isInvalid={!!errors.kind}
        >
          <Label className="alert-label">{text.kind}</Label>
          <div className="alert-options">
            {(['price', 'stock'] as const).map((value) => (
              <Radio key={value} value={value} className="alert-radio">{heAlerts.kinds[value]}</Radio>
            ))}
          </div>
          <FieldError className="form-error">{errors.kind}</FieldError>
        </RadioGroup>

        {kind === 'price' && (
          <TextField
            className="form-field alert-below" value={below} onChange={setBelow} inputMode="decimal" isInvalid={!!errors.below}
            name="below" autoComplete="off"
          >
            <Label>{text.below}</Label>
            <Input dir="ltr" />
            <Text slot="description" className="alert-hint">{text.belowHint}</Text>
            <FieldError className="form-error">{errors.below}</FieldError>
          </TextField>
        )}

        <RadioGroup
          className="alert-choice" value={place} onChange={(value) => choosePlace(value === 'near' || value.startsWith('address-') ? value as Place : 'anywhere')}
          orientation="horizontal" isInvalid={!!errors.place}
        >
          <Label className="alert-label">{text.place}</Label>
          <div className="alert-options">
            <Radio value="anywhere" className="alert-radio">{text.anywhere}</Radio>
            <Radio value="near" className="alert-radio">{text.nearMe}</Radio>
            {addresses.map((a) => (
              <Radio key={a.id} value={`address-${a.id}`} className="alert-radio">{text.nearAddress(`${a.address.split(',')[0]} ${a.houseNumber}`)}</Radio>
            ))}
          </div>
          {place === 'near' && (
            <Text slot="description" className="alert-hint" aria-live="polite">
              {geo.status === 'locating' ? text.locating : geo.status === 'located' ? text.located : geo.status === 'failed' ? text.locateFailed : null}
            </Text>
          )}
          <FieldError className="form-error">{errors.place}</FieldError>
        </RadioGroup>

        {place !== 'anywhere' && (
          <RadioGroup
            className="alert-choice" value={String(radiusKm)} onChange={(value) => setRadiusKm(Number(value))}
            orientation="horizontal" isInvalid={!!errors.radius}
          >
            <Label className="alert-label">{text.radius}</Label>
            <div className="alert-options">
              {ALERT_RULES.radiiKm.map((km) => (
                <Radio key={km} value={String(km)} className="alert-radio">{text.km(km)}</Radio>
              ))}
            </div>
            <FieldError className="form-error">{errors.radius}</FieldError>
          </RadioGroup>
        )}

        <Checkbox className="alert-checkbox" isSelected={sms} onChange={setSms}>
          <span className="alert-checkbox-box" aria-hidden="true" />
          {text.sms}
        </Checkbox>

        {errors.form && <p className="form-error" role="alert">{errors.form}</p>}
        <Button type="submit" className="button button-primary alert-submit" isDisabled={save.isPending || geo.status === 'locating'}>
          {save.isPending ? text.saving : text.submit}
        </Button>
      </Form>
    </I18nProvider>
  );
}

/** After saving: the API's word, and the way to every alert. */
function AlertCreated({ alert }: { alert: PriceAlert }) {
  return (
    <div className="alert-created" role="status">
      <p className="alert-created-text">
        {AlertMessages.created}
        <span className="visually-hidden">: {alert.productName}, {heAlerts.kinds[alert.kind]}</span>
      </p>
      <Link to="/user/alerts">{text.toMyAlerts}</Link>
    </div>
  );
}
