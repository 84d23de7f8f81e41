import type { SearchResult } from '@mc/contracts';
import { useState } from 'react';
import { he } from '../../../kit/i18n/he';
import { thumb128 } from './suggestions';

function Thumb({ url }: { url: string | null }) {
  const [failed, setFailed] = useState(false);
  if (!url || failed) return <span className="suggestion-thumb" aria-hidden="true" />;
  return (
    <img className="suggestion-thumb" src={thumb128(url)} alt="" width={40} height={40} onError={() => setFailed(true)} />
  );
}

/** The picture, name and one line of detail of a suggestion (a product or a pharmacy). */
export function SuggestionContent({ result }: { result: SearchResult }) {
  if (result.type === 'product') {
    const { data } = result;
    const details = [data.info.company, data.info.thccbdDosage].filter(Boolean).join(' · ');
    return (
      <>
        <Thumb url={data.imageUrl} />
        <span className="suggestion-text">
          <span className="suggestion-name">{data.name}</span>
          {details && (
            <span className="suggestion-detail">
              <bdi>{details}</bdi>
            </span>
          )}
        </span>
      </>
    );
  }
  const { data } = result;
  return (
    <>
      <Thumb url={data.logo_url} />
      <span className="suggestion-text">
        <span className="suggestion-name">{data.name}</span>
        <span className="suggestion-detail">
          {he.search.pharmacy} · {data.city}
          {data.address ? `, ${data.address}` : ''}
        </span>
      </span>
    </>
  );
}
