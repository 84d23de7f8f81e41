import { Messages, type ManagedUserStatus, type PharmState } from '@mc/contracts';
import type { Key } from 'react';
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import { heConsole } from '../i18n/he-console';

/** The server's Hebrew message of a failure, or the generic one. */
export const errorText = (error: unknown): string => (error instanceof Error && error.message ? error.message : Messages.generic);

const STATE_TONE: Record<PharmState, string> = { live: 'bo-badge-success', onboarding: 'bo-badge-warning', suspended: 'bo-badge-danger' };

/** A pharmacy's state as a badge (live green, onboarding amber, suspended red). */
export function StateBadge({ state }: { state: PharmState }) {
  return <span className={`bo-badge ${STATE_TONE[state]}`}>{heConsole.states[state]}</span>;
}

const STATUS_TONE: Record<ManagedUserStatus, string> = { active: 'bo-badge-success', pending: 'bo-badge-warning', disabled: 'bo-badge-danger' };

/** An account's status as a badge. */
export function StatusBadge({ status }: { status: ManagedUserStatus }) {
  return <span className={`bo-badge ${STATUS_TONE[status]}`}>{heConsole.statuses[status]}</span>;
}

/** A labelled choice of one option (React Aria's Select in the back office's look). */
export function ChoiceSelect<K extends string>({ label, value, options, onChange, className = '' }: {
  label: string;
  value: K;
  options: readonly { id: K; label: string }[];
  onChange: (value: K) => void;
  className?: string;
}) {
  return (
    <Select
      className={`bo-field bo-select mc-select ${className}`} selectedKey={value}
      onSelectionChange={(key: Key | null) => key !== null && onChange(String(key) as K)}
    >
      <Label>{label}</Label>
      <Button className="bo-select-button"><SelectValue /><span aria-hidden="true">▾</span></Button>
      <Popover className="bo-popover">
        <ListBox className="bo-listbox" items={options}>
          {(option) => <ListBoxItem className="bo-option" id={option.id} textValue={option.label}>{option.label}</ListBoxItem>}
        </ListBox>
      </Popover>
    </Select>
  );
}

/** A success to show on the next page (the onboarding's 'created' on the pharmacy's page), taken once. */
let carried: string | null = null;
export const carryFlash = (text: string) => {
  carried = text;
};
export const takeCarriedFlash = (): string | null => {
  const text = carried;
  carried = null;
  return text;
};
