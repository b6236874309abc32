import { BOOT_DATA_ELEMENT_ID } from '@fieldhouse/contract/boot';
import type { SiteBootData } from '@fieldhouse/contract/site-config';
import { type Camel, toCamel } from './case-codec';

export type BootData = Camel<SiteBootData>;

/**
 * The theme and client the server wrote into the page (`<script type="application/json" id="fh-boot-data">`), so
 * the first paint waits for no API call; null when absent or unreadable (Vite dev server): the app fetches them.
 */
export function readBootData(doc: Document = document): BootData | null {
  const text = doc.getElementById(BOOT_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const data = toCamel(JSON.parse(text) as SiteBootData);
    return data.theme && data.client ? data : null;
  } catch {
    return null;
  }
}
