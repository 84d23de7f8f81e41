import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from 'react-aria-components';
import { LIST_DELAY_MS, useDebouncedValue } from '../../kit/lib/use-debounced-value';
import { heManage } from '../i18n/he-manage';
import { companiesQuery } from '../queries/company';

/** An admin's choice of one company (searched by name, as the companies' list searches), or every company when cleared. */
export function CompanyPicker({ value, onChange }: { value: string | undefined; onChange: (slug: string | undefined) => void }) {
  const [text, setText] = useState('');
  const settled = useDebouncedValue(text, LIST_DELAY_MS);
  const companies = useQuery(companiesQuery(1, settled.trim() || undefined));
  const items = companies.data?.companies ?? [];
  return (
    <ComboBox
      className="bo-field mc-company-picker" items={items} selectedKey={value ?? null} inputValue={text} allowsEmptyCollection
      onInputChange={(next) => {
        setText(next);
        if (!next) onChange(undefined);
      }}
      onSelectionChange={(key) => {
        const chosen = items.find((c) => c.slug === key);
        if (chosen) setText(chosen.name);
        onChange(key === null ? undefined : String(key));
      }}
    >
      <Label>{heManage.prices.company}</Label>
      <div className="bo-search">
        <Input className="bo-search-input" placeholder={heManage.prices.allCompanies} />
        <Button className="bo-icon-button" aria-label={heManage.companies.searchLabel}>▾</Button>
      </div>
      <Popover className="bo-popover">
        <ListBox className="bo-listbox" renderEmptyState={() => <p className="bo-empty">{heManage.companies.notFound}</p>}>
          {(company: (typeof items)[number]) => <ListBoxItem id={company.slug} textValue={company.name} className="bo-option">{company.name}</ListBoxItem>}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
