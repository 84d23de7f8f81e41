import { classValidatorResolver } from '@hookform/resolvers/class-validator';

import {
  ANNOUNCEMENT_CONTENT_MAX, ANNOUNCEMENT_TYPES, AnnouncementFields, BusinessMessages, DEFAULT_ANNOUNCEMENT_TYPE, type AnnouncementType,
  type BusinessAnnouncement,
} from '@mc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { Button, Cell, Label, ListBox, ListBoxItem, Popover, Row, Select, SelectValue } from 'react-aria-components';
import { Controller, useForm, useWatch, type Control, type FieldError } from 'react-hook-form';
import { useSession } from '../../kit/auth/use-session';
import { pharmKeys } from '../../kit/queries/pharms';
import { dayOf, defaultPeriod, earliestEnd, endOfDayIso, hasEnded, isStartUnavailable, startOfDayIso } from '../components/announcement-dates';
import { heAnnouncements as he } from '../i18n/he-announcements';
import { heBusiness } from '../i18n/he-business';
import {
  announcementQuery, announcementsKey, announcementsQuery, createAnnouncement, removeAnnouncement, updateAnnouncement,
} from '../queries/announcements';
import { Alert, BoCheckbox, BusinessDialog, ConfirmDialog, DayPicker, formatDate, Pager, type Flash, useFlash, useUnsavedChangesWarning } from '../../kit/backoffice/ui';
import { BoTable, RowActions } from '../../kit/backoffice/table';
import '../components/announcements.css';

type FormValues = Required<Pick<AnnouncementFields, 'name' | 'content' | 'published' | 'startDate' | 'endDate'>> & { type?: AnnouncementType };

const valuesOf = (a: BusinessAnnouncement): FormValues => ({
  type: a.type, name: a.name, content: a.content, published: a.published, startDate: a.startDate, endDate: a.endDate ?? '',
});

const blankValues = (): FormValues => ({ type: DEFAULT_ANNOUNCEMENT_TYPE, name: '', content: '', published: true, ...defaultPeriod(new Date()) });

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : BusinessMessages.statusSaveFailed);

/**
 * /business/{businessId}/announcements (spec §2, §3, §5, §6): the pharmacy's announcements, newest first, a dialog to
 * create one or edit one (`?editPharmAnnouncement=<id>`), deletion after a confirmation. A save refetches the list and
 * the public pharmacy page's copy.
 */
export function AnnouncementsPage() {
  const { businessId } = useParams({ from: '/business/$businessId' });
  const search = useSearch({ from: '/business/$businessId/announcements' });
  const navigate = useNavigate({ from: '/business/$businessId/announcements' });
  const queryClient = useQueryClient();
  const page = search.page ?? 1;
  const editId = search.editPharmAnnouncement;
  const list = useQuery(announcementsQuery(businessId, page));
  const [flash, setFlash] = useFlash();
  const [creating, setCreating] = useState(false);
  /** Whether the create dialog's form has changes, so closing it (Escape, ×, cancel) asks first. */
  const createDirty = useRef(false);
  const closeCreate = () => {
    if (createDirty.current && !window.confirm(BusinessMessages.unsavedChanges)) return;
    createDirty.current = false;
    setCreating(false);
  };
  const [removing, setRemoving] = useState<BusinessAnnouncement | null>(null);

  const refetch = () => Promise.all([
    queryClient.invalidateQueries({ queryKey: announcementsKey(businessId) }),
    queryClient.invalidateQueries({ queryKey: pharmKeys.detail(businessId) }),
  ]);

  const remove = useMutation({
    mutationFn: (id: number) => removeAnnouncement(businessId, id),
    onSuccess: async () => {
      setRemoving(null);
      setFlash({ kind: 'success', text: he.deleted });
      await refetch();
    },
    onError: (error) => {
      setRemoving(null);
      setFlash({ kind: 'error', text: errorText(error) });
    },
  });

  // A page emptied by deletions (or a page number past the end) shows the last page that has rows.
  const data = list.data;
  useEffect(() => {
    if (!data || data.announcements.length || page === 1) return;
    const last = Math.max(1, Math.ceil(data.total / data.perPage));
    if (last < page) void navigate({ search: (prev) => ({ ...prev, page: last > 1 ? last : undefined }), replace: true });
  }, [data, page, navigate]);

  const closeEdit = () => void navigate({ search: (prev) => ({ ...prev, editPharmAnnouncement: undefined }) });
  const saved = async () => {
    setFlash({ kind: 'success', text: he.saved });
    await refetch();
  };

  return (
    <section aria-labelledby="bo-announcements-title">
      <div className="bo-toolbar">
        <h2 id="bo-announcements-title">{he.title}</h2>
        <Button className="button button-primary" data-opens-dialog onPress={() => { setFlash(null); setCreating(true); }}>{he.create}</Button>
      </div>
      <Alert flash={flash} />
      {list.isError ? (
        <Alert flash={{ kind: 'error', text: errorText(list.error) }} />
      ) : list.isPending ? (
        <p className="bo-empty" role="status">{he.loading}</p>
      ) : (
        <>
          <AnnouncementsTable
            rows={list.data.announcements}
            onEdit={(a) => { setFlash(null); void navigate({ search: (prev) => ({ ...prev, editPharmAnnouncement: a.id }) }); }}
            onDelete={(a) => setRemoving(a)}
          />
          <Pager page={page} total={list.data.total} perPage={list.data.perPage} onPage={(p) => void navigate({ search: (prev) => ({ ...prev, page: p > 1 ? p : undefined }) })} />
        </>
      )}

      <BusinessDialog title={he.createTitle} isOpen={creating} onClose={closeCreate}>
        {creating && (
          <AnnouncementForm
            initial={blankValues()}
            isEdit={false}
            onDirtyChange={(dirty) => { createDirty.current = dirty; }}
            save={(values) => createAnnouncement(businessId, values)}
            onDone={() => { setCreating(false); void saved(); }}
            onCancel={closeCreate}
          />
        )}
      </BusinessDialog>

      <BusinessDialog title={he.editTitle} isOpen={editId !== undefined} onClose={closeEdit}>
        {editId !== undefined && (
          <EditAnnouncement
            businessId={businessId}
            id={editId}
            onDone={() => { closeEdit(); void saved(); }}
            onCancel={closeEdit}
          />
        )}
      </BusinessDialog>

      <ConfirmDialog
        message={BusinessMessages.confirmDelete}
        confirmLabel={heBusiness.delete}
        isOpen={removing !== null}
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}

/** The publication column: an ended announcement says so (it is no longer shown), else published or not. */
export function PublicationBadge({ announcement: a, now }: { announcement: Pick<BusinessAnnouncement, 'published' | 'endDate'>; now: Date }) {
  if (hasEnded(a.endDate, now)) return <span className="bo-badge bo-badge-muted">{he.ended}</span>;
  return <span className={a.published ? 'bo-badge bo-badge-success' : 'bo-badge bo-badge-muted'}>{a.published ? he.published : he.unpublished}</span>;
}

function AnnouncementsTable({ rows, onEdit, onDelete }: {
  rows: BusinessAnnouncement[]; onEdit: (a: BusinessAnnouncement) => void; onDelete: (a: BusinessAnnouncement) => void;
}) {
  const now = new Date();
  return (
    <BoTable
      label={he.tableLabel} className="bo-table bo-announcements-table" items={rows} empty={he.empty}
      columns={[he.columns.name, he.columns.type, he.columns.content, he.columns.published, he.columns.startDate, he.columns.endDate, he.columns.actions]}
    >
      {(a) => (
        <Row id={a.id}>
          <Cell>{a.name}</Cell>
          <Cell>{he.types[a.type]}</Cell>
          <Cell className="bo-announcement-content">{a.content}</Cell>
          <Cell><PublicationBadge announcement={a} now={now} /></Cell>
          <Cell><span className="bo-num">{formatDate(a.startDate)}</span></Cell>
          <Cell><span className="bo-num">{a.endDate ? formatDate(a.endDate) : he.noEnd}</span></Cell>
          <Cell>
            <RowActions editLabel={he.editOf(a.name)} deleteLabel={he.deleteOf(a.name)} onEdit={() => onEdit(a)} onDelete={() => onDelete(a)} />
          </Cell>
        </Row>
      )}
    </BoTable>
  );
}

function EditAnnouncement({ businessId, id, onDone, onCancel }: { businessId: string; id: number; onDone: () => void; onCancel: () => void }) {
  const item = useQuery(announcementQuery(businessId, id));
  if (item.isPending) return <p role="status">{he.loading}</p>;
  if (item.isError) return <Alert flash={{ kind: 'error', text: errorText(item.error) }} />;
  return (
    <AnnouncementForm
      key={`${id}-${item.dataUpdatedAt}`}
      initial={valuesOf(item.data.announcement)}
      isEdit
      save={(values) => updateAnnouncement(businessId, id, values)}
      onDone={onDone}
      onCancel={onCancel}
    />
  );
}

/**
 * The create and edit form (spec §5): a name, the content (at most 90 characters, counted as typed), published, and
 * the period in two date pickers that keep it the right way round. The type is chosen only by an admin and only when
 * creating (spec §6); the server applies the same rules whatever is sent. Save stays disabled until something changed.
 */
export function AnnouncementForm({ initial, isEdit, save, onDone, onCancel, onDirtyChange }: {
  initial: FormValues;
  isEdit: boolean;
  save: (values: Partial<FormValues>) => Promise<unknown>;
  onDone: () => void;
  onCancel: () => void;
  /** Told whether the form has changes (the edit dialog's close is a navigation, which the unsaved-changes blocker asks about). */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const formId = useId();
  const isAdmin = useSession()?.claims.role === 'admin';
  const [failure, setFailure] = useState<Flash>(null);
  const [done, setDone] = useState(false);
  const { control, register, handleSubmit, reset, formState: { errors, isDirty, isSubmitting } } = useForm<FormValues>({
    resolver: classValidatorResolver(AnnouncementFields) as never,
    defaultValues: initial,
    mode: 'onTouched',
  });
  useUnsavedChangesWarning(isDirty && !done);
  const content = useWatch({ control, name: 'content' });

  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);
  // Closes once the saved values are the form's (not dirty), so leaving does not ask about unsaved changes.
  useEffect(() => {
    if (done && !isDirty) onDone();
  }, [done, isDirty, onDone]);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const { type, ...rest } = values;
    try {
      await save(isAdmin && !isEdit ? { ...rest, type } : rest);
      reset(values);
      setDone(true);
    } catch (error) {
      setFailure({ kind: 'error', text: errorText(error) });
    }
  });

  const fieldError = (name: keyof FormValues, error: FieldError | undefined) =>
    error?.message ? <p id={`${formId}-${name}-error`} className="bo-field-error">{error.message}</p> : null;
  const described = (name: keyof FormValues, error: FieldError | undefined, extra?: string) =>
    [error?.message ? `${formId}-${name}-error` : '', extra ?? ''].filter(Boolean).join(' ') || undefined;

  return (
    <form className="bo-form" noValidate onSubmit={(event) => void submit(event)}>
      {isAdmin && <AnnouncementTypeSelect control={control} isEdit={isEdit} />}

      <div className="bo-field">
        <label htmlFor={`${formId}-name`}>{he.fields.name}</label>
        <input
          id={`${formId}-name`}
          className="bo-input"
          autoComplete="off"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={described('name', errors.name)}
          {...register('name')}
        />
        {fieldError('name', errors.name)}
      </div>

      <div className="bo-field">
        <label htmlFor={`${formId}-content`}>{he.fields.content}</label>
        <textarea
          id={`${formId}-content`}
          className="bo-input"
          rows={3}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={described('content', errors.content, `${formId}-counter`)}
          {...register('content')}
        />
        <span
          id={`${formId}-counter`}
          className={(content ?? '').length > ANNOUNCEMENT_CONTENT_MAX ? 'bo-counter bo-counter-over' : 'bo-counter'}
          aria-label={he.counterLabel((content ?? '').length, ANNOUNCEMENT_CONTENT_MAX)}
        >
          {he.counter((content ?? '').length, ANNOUNCEMENT_CONTENT_MAX)}
        </span>
        {fieldError('content', errors.content)}
      </div>

      <Controller
        control={control}
        name="published"
        render={({ field }) => (
          <BoCheckbox isSelected={field.value} onChange={field.onChange} onBlur={field.onBlur}>{he.fields.published}</BoCheckbox>
        )}
      />

      <AnnouncementPeriod control={control} />

      <Alert flash={failure} />
      <div className="bo-actions">
        <Button type="submit" className="button button-primary" isDisabled={!isDirty || isSubmitting || done}>{heBusiness.save}</Button>
        <Button className="button" onPress={onCancel}>{heBusiness.cancel}</Button>
      </div>
    </form>
  );
}

/** The type, chosen only by an admin and only when creating (spec §6). */
function AnnouncementTypeSelect({ control, isEdit }: { control: Control<FormValues>; isEdit: boolean }) {
  return (
    <Controller
      control={control}
      name="type"
      render={({ field }) => (
        <Select
          className="bo-field"
          selectedKey={field.value ?? DEFAULT_ANNOUNCEMENT_TYPE}
          onSelectionChange={(key) => field.onChange(key as AnnouncementType)}
          isDisabled={isEdit}
          onBlur={field.onBlur}
        >
          <Label>{he.fields.type}</Label>
          <Button className="bo-select-button">
            <SelectValue />
            <span aria-hidden="true">▾</span>
          </Button>
          <Popover className="bo-popover">
            <ListBox className="bo-listbox">
              {ANNOUNCEMENT_TYPES.map((t) => <ListBoxItem key={t} id={t} className="bo-option">{he.types[t]}</ListBoxItem>)}
            </ListBox>
          </Popover>
        </Select>
      )}
    />
  );
}

/** The period in two date pickers that keep it the right way round. */
function AnnouncementPeriod({ control }: { control: Control<FormValues> }) {
  const [startDate, endDate] = useWatch({ control, name: ['startDate', 'endDate'] });
  const startDay = dayOf(startDate);
  const endDay = dayOf(endDate);
  return (
    <div className="bo-field-row">
      <Controller
        control={control}
        name="startDate"
        render={({ field, fieldState }) => (
          <DayPicker
            label={he.fields.startDate}
            value={startDay}
            onChange={(day) => field.onChange(day ? startOfDayIso(day) : '')}
            onBlur={field.onBlur}
            isDateUnavailable={(day) => isStartUnavailable(day, endDay)}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="endDate"
        render={({ field, fieldState }) => (
          <DayPicker
            label={he.fields.endDate}
            value={endDay}
            onChange={(day) => field.onChange(day ? endOfDayIso(day) : '')}
            onBlur={field.onBlur}
            minValue={earliestEnd(startDay)}
            error={fieldState.error?.message}
          />
        )}
      />
    </div>
  );
}
