import { DOCUMENT_ACCEPT, DOCUMENT_KINDS, documentFileError, type DocumentKind, Messages } from '@mc/contracts';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { heOrders } from '../he-orders';
import { type DocumentFiles, type DocumentsTarget, submitDocuments } from '../../kit/queries/orders';
import './orders.css';

type Chosen = Record<DocumentKind, File | null>;
type Errors = Partial<Record<DocumentKind, string>>;

const NONE: Chosen = { idDocument: null, licenseDocument: null, prescriptionDocument: null };

/**
 * The three documents of spec 5 (identity card, cannabis licence, prescription), each required, an image or a PDF
 * and under 3 MB, checked here before anything is sent (the gateway checks them again by their content), then
 * uploaded together as one multipart request to the order or batch `target` names.
 */
export function DocumentsForm({ target, onSubmitted }: { target: DocumentsTarget; onSubmitted?: () => void }) {
  const id = useId();
  const [files, setFiles] = useState<Chosen>(NONE);
  const [errors, setErrors] = useState<Errors>({});
  const inputs = useRef<Partial<Record<DocumentKind, HTMLInputElement | null>>>({});
  const upload = useMutation({
    mutationFn: (chosen: DocumentFiles) => submitDocuments(target, chosen),
    onSuccess: () => onSubmitted?.(),
  });

  const choose = (kind: DocumentKind, file: File | null) => {
    setFiles((old) => ({ ...old, [kind]: file }));
    setErrors((old) => ({ ...old, [kind]: documentFileError(file, kind) ?? undefined }));
    upload.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (upload.isPending) return;
    const found: Errors = {};
    for (const kind of DOCUMENT_KINDS) {
      const error = documentFileError(files[kind], kind);
      if (error) found[kind] = error;
    }
    setErrors(found);
    const first = DOCUMENT_KINDS.find((kind) => found[kind]);
    if (first) {
      inputs.current[first]?.focus();
      return;
    }
    upload.mutate(files as DocumentFiles);
  };

  if (upload.isSuccess) {
    return (
      <p className="documents-success" role="status">
        {Messages.documentsSubmitted}
      </p>
    );
  }

  return (
    <form className="documents-form" noValidate onSubmit={submit} aria-describedby={`${id}-privacy`} aria-busy={upload.isPending}>
      <p id={`${id}-privacy`} className="documents-privacy">
        {heOrders.documentsPrivacy}
      </p>
      {DOCUMENT_KINDS.map((kind) => {
        const error = errors[kind];
        const inputId = `${id}-${kind}`;
        return (
          <div className="documents-field" key={kind}>
            <label htmlFor={inputId}>{heOrders.documentLabels[kind]}</label>
            {/*
              The browser's own file button speaks English ('Choose File', 'No file chosen'): the input is drawn
              transparent over a Hebrew button and the chosen file's name, and still takes the clicks, taps and focus.
            */}
            <div className="file-picker">
              <input
                ref={(element) => {
                  inputs.current[kind] = element;
                }}
                id={inputId}
                name={kind}
                type="file"
                className="file-picker-input"
                accept={DOCUMENT_ACCEPT}
                required
                aria-required="true"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${inputId}-chosen ${inputId}-error` : `${inputId}-chosen`}
                disabled={upload.isPending}
                onChange={(event) => choose(kind, event.currentTarget.files?.[0] ?? null)}
              />
              <span className="button button-secondary file-picker-button" aria-hidden="true">
                {heOrders.chooseFile}
              </span>
              <span id={`${inputId}-chosen`} className="file-picker-chosen">
                {files[kind]?.name ?? heOrders.noFileChosen}
              </span>
            </div>
            {error && (
              <p id={`${inputId}-error`} className="form-error">
                {error}
              </p>
            )}
          </div>
        );
      })}
      {upload.isPending && (
        <p className="documents-progress" role="status">
          <progress aria-label={heOrders.uploadProgress} />
          {heOrders.submittingDocuments}
        </p>
      )}
      {upload.isError && (
        <div className="form-error" role="alert">
          <p>{Messages.documentsFailed}</p>
          {upload.error.message && upload.error.message !== Messages.documentsFailed && <p>{upload.error.message}</p>}
        </div>
      )}
      <button type="submit" className="button button-primary" disabled={upload.isPending}>
        {upload.isPending ? heOrders.submittingDocuments : heOrders.submitDocuments}
      </button>
    </form>
  );
}
