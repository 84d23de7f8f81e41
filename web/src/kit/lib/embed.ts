/** Whether the site is shown inside another site's iframe (the pharmacy embed). */
function isEmbedded(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true; // a cross-origin parent blocks the comparison
  }
}

/**
 * Spec 2.5: inside an iframe, opening a modal or changing the cart opens the page in the top window
 * instead. Answers whether it did.
 */
export function openInTopWindowIfEmbedded(path: string): boolean {
  if (!isEmbedded()) return false;
  window.open(new URL(path, window.location.origin).href, '_top');
  return true;
}
