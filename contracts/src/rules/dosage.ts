export interface Dosage {
  thc: number;
  cbd: number;
}

export const DOSAGE_PATTERN = /^T(\d+)\/C(\d+)$/;

export function parseDosage(value: string): Dosage | null {
  const match = DOSAGE_PATTERN.exec(value);
  return match ? { thc: Number(match[1]), cbd: Number(match[2]) } : null;
}

export function formatDosage({ thc, cbd }: Dosage): string {
  return `T${thc}/C${cbd}`;
}

export function isValidDosage(value: string): boolean {
  return DOSAGE_PATTERN.test(value);
}
