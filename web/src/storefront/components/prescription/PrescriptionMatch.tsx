import { matchesPrescription } from '@mc/contracts';
import { hePrescription } from '../../../kit/prescription/he-prescription';
import { usePrescription } from '../../../kit/prescription/prescription-query';
import '../../../kit/prescription/prescription.css';

/** 'מתאים למרשם שלך' when the product's dosage is one of the signed-in user's categories (drawn in the browser only). */
export function PrescriptionMatch({ dosage }: { dosage: string | null | undefined }) {
  const prescription = usePrescription();
  if (!matchesPrescription(dosage, prescription)) return null;
  return (
    <p className="prescription-match">
      <span aria-hidden="true">✓ </span>
      {hePrescription.matches}
    </p>
  );
}
