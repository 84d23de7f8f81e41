import type { Prescription } from '@mc/contracts';
import { hePrescription } from '../../../kit/prescription/he-prescription';
import type { ListSearch } from '../../search-params/list-search';
import '../../../kit/prescription/prescription.css';

/**
 * A product list's search with 'mine' resolved: the dosages filter is exactly the user's categories. Without a
 * prescription (signed out, none saved) 'mine' means nothing and is dropped.
 */
export function withMyCategories(search: ListSearch, prescription: Prescription | null): ListSearch {
  if (!search.mine) return search;
  if (!prescription) return { ...search, mine: undefined };
  return { ...search, dosages: prescription.categories.join(',') };
}

/**
 * The product list's quick filter 'בקטגוריות שלי': pressed, the list shows the user's categories ('mine' in the
 * address, never the categories); pressed again, that filter is off. The page shows it only to a user with a saved prescription.
 */
export function PrescriptionChip({ search, onChange }: { search: ListSearch; onChange: (patch: Partial<ListSearch>) => void }) {
  const pressed = search.mine === 1;
  return (
    <p className="prescription-chip-row">
      <button
        type="button"
        className="filter-chip prescription-chip"
        aria-pressed={pressed}
        onClick={() => onChange({ mine: pressed ? undefined : 1, dosages: undefined, page: undefined })}
      >
        {hePrescription.chip}
      </button>
    </p>
  );
}
