import type { Slide } from '@mc/contracts';
import { useState } from 'react';
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

/** The pharmacy's slides (placements 1–4): a titled row of products that scrolls sideways on mobile, or an image. */
export function PharmSlides({ slides }: { slides: Slide[] }) {
  const shown = slides.filter((s) => s.placement >= 1 && s.placement <= 4).sort((a, b) => a.placement - b.placement);
  return (
    <>
      {shown.map((slide) => {
        const title = slide.templateData?.title;
        if (slide.type === 'image') {
          return slide.imageUrl ? (
            <ImageSlide key={slide.placement} url={slide.imageUrl} title={title} color={slide.templateData?.backgroundColor} />
          ) : null;
        }
        if (!slide.pharmProducts.length) return null;
        const id = `slide-${slide.placement}`;
        return (
          <section key={slide.placement} className="pharm-slide" aria-labelledby={title ? id : undefined}>
            {title && (
              <h2 id={id} className="pharm-section-title">
                {title}
              </h2>
            )}
            <ul className="pharm-slide-track">
              {slide.pharmProducts.map((item) => (
                <li key={item.id}>
                  <PharmProductCard item={item} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}
