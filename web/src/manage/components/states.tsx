import { heManage } from '../i18n/he-manage';

/** A list that failed to load: what happened, in Hebrew, and the way forward (spec §8). */
export function LoadFailed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <div className="bo-alert bo-alert-error" role="alert">
      {heManage.loadFailed}: {error.message}{' '}
      <button type="button" className="bo-link-button" onClick={onRetry}>{heManage.retry}</button>
    </div>
  );
}
