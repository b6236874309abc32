import { lazy, Suspense } from 'react';
import { useSelectedVenue } from '../lib/selected-venue';

const FooterHtml = lazy(() => import('../features/footer/footer-html'));

export function Footer() {
  const venue = useSelectedVenue();
  return (
    <footer className="site-footer">
      <Suspense fallback={null}>
        <FooterHtml venue={venue?.slug ?? null} />
      </Suspense>
    </footer>
  );
}
