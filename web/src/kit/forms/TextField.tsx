import { useId } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * A labelled input of a react-hook-form form, its error under it and linked for screen readers. `inputMode` and
 * `pattern` choose a phone's keypad (the forms are `noValidate`: the DTO's Hebrew messages judge the value).
 */
export function TextField<T extends FieldValues>({ form, name, label, type = 'text', autoComplete, dir, inputMode, pattern }: {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
  type?: string;
  autoComplete?: string;
  dir?: 'ltr';
  inputMode?: 'numeric' | 'tel' | 'email';
  pattern?: string;
}) {
  const id = useId();
  const error = form.formState.errors[name]?.message as string | undefined;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        dir={dir}
        inputMode={inputMode}
        pattern={pattern}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...form.register(name)}
      />
      {error && (
        <p id={`${id}-error`} className="form-error">
          {error}
        </p>
      )}
    </div>
  );
}
