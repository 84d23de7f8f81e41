import { useState } from 'react';
import { Button } from 'react-aria-components';
import { heManage } from '../i18n/he-manage';
import type { FileFormat } from '../queries/company';

const text = heManage.report;

/** 'הורדה כ-CSV' and 'הורדה כ-Excel': each fetches the file (with the token where the report needs it) and saves it. */
export function Downloads({ download }: { download: (format: FileFormat) => Promise<void> }) {
  const [busy, setBusy] = useState<FileFormat | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (format: FileFormat) => {
    setBusy(format);
    setError(null);
    try {
      await download(format);
    } catch (e) {
      setError(`${text.downloadFailed}: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="mc-downloads">
      <Button className="button" isDisabled={busy !== null} onPress={() => void run('csv')}>{busy === 'csv' ? text.downloading : text.downloadCsv}</Button>
      <Button className="button" isDisabled={busy !== null} onPress={() => void run('xlsx')}>{busy === 'xlsx' ? text.downloading : text.downloadXlsx}</Button>
      {error && <p className="bo-alert bo-alert-error" role="alert">{error}</p>}
    </div>
  );
}
