import { hePrescription } from '../../i18n/he-prescription';
import type { ListSearch } from '../products/list-search';
import { usePrescription } from './prescription-query';
import './prescription.css';

/**
 * The product list's quick filter 'בקטגוריות שלי': pressed, the dosages filter is exactly the user's categories;
 * pressed again, the dosages filter is cleared. Shown only to a signed-in user with a saved prescription.
 */
export function PrescriptionChip({ search, onChange }: { search: ListSearch; onChange: (patch: Partial<ListSearch>) => void }) {
  const prescription = usePrescription();
  if (!prescription) return null;
  const mine = prescription.categories.join(',');
  const pressed = search.dosages === mine;
  return (
    <p className="prescription-chip-row">
      <button
        type="button"
        className="filter-chip prescription-chip"
        aria-pressed={pressed}
        onClick={() => onChange({ dosages: pressed ? undefined : mine, page: undefined })}
      >
        {hePrescription.chip}
      </button>
    </p>
  );
}
