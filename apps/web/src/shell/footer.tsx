import { FooterHtml } from '../features/footer/components/footer-html';
import { useSelectedVenue } from '../lib/selected-venue';

export function Footer() {
  const venue = useSelectedVenue();
  return (
    <footer className="site-footer">
      <FooterHtml venue={venue?.slug ?? null} />
    </footer>
  );
}
