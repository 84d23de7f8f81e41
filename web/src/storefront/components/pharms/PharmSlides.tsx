import type { Slide } from '@mc/contracts';
import { useRef, useState } from 'react';
import { useAutoplay } from '../../../kit/lib/use-autoplay';
import { PharmProductCard } from './PharmProductCard';

/** An image slide; when the picture fails, its title on the slide's colour instead. */
function ImageSlide({ url, title, color }: { url: string; title?: string; color?: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return title ? (
      <p className="pharm-slide-banner" style={{ backgroundColor: color }}>
        {title}
      </p>
    ) : null;
  }
  return <img className="pharm-slide-image" src={url} alt={title ?? ''} loading="lazy" onError={() => setFailed(true)} />;
}

/** Moves a row that overflows its width on by one card, back to its start after its last (right to left aware). */
export function advanceTrack(track: HTMLElement): void {
  const card = track.firstElementChild;
  if (!(card instanceof HTMLElement) || track.scrollWidth <= track.clientWidth) return;
  const style = getComputedStyle(track);
  if (Math.abs(track.scrollLeft) + track.clientWidth >= track.scrollWidth - 1) {
    track.scrollTo({ left: 0, behavior: 'smooth' });
    return;
  }
  const step = card.offsetWidth + (parseFloat(style.columnGap) || 0);
  track.scrollBy({ left: style.direction === 'rtl' ? -step : step, behavior: 'smooth' });
}

/** A titled row of products that turns by one card every 6 s where it overflows (the mobile slider), paused while hovered or focused. */
function ProductSlide({ slide }: { slide: Slide }) {
  const track = useRef<HTMLUListElement>(null);
  const { handlers } = useAutoplay(() => track.current && advanceTrack(track.current), slide.pharmProducts.length > 1);
  const title = slide.templateData?.title;
  const id = `slide-${slide.placement}`;
  return (
    <section className="pharm-slide" aria-labelledby={title ? id : undefined} {...handlers}>
      {title && (
        <h2 id={id} className="pharm-section-title">
          {title}
        </h2>
      )}
      <ul ref={track} className="pharm-slide-track">
        {slide.pharmProducts.map((item) => (
          <li key={item.id}>
            <PharmProductCard item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The pharmacy's slides (placements 1–4): a titled row of products that scrolls sideways (and turns every 6 s) where it overflows, or an image. */
export function PharmSlides({ slides }: { slides: Slide[] }) {
  const shown = slides.filter((s) => s.placement >= 1 && s.placement <= 4).sort((a, b) => a.placement - b.placement);
  return (
    <>
      {shown.map((slide) => {
        if (slide.type === 'image') {
          const title = slide.templateData?.title;
          return slide.imageUrl ? (
            <ImageSlide key={slide.placement} url={slide.imageUrl} title={title} color={slide.templateData?.backgroundColor} />
          ) : null;
        }
        return slide.pharmProducts.length ? <ProductSlide key={slide.placement} slide={slide} /> : null;
      })}
    </>
  );
}
