import { z } from 'zod';
import type { Calls } from './call.ts';
import { envelope } from './common.ts';

export const FONT_STYLES = ['garage_gothic', 'lato', 'open_sans', 'roboto'] as const;
export type FontStyle = (typeof FONT_STYLES)[number];

const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be #RRGGBB');

/** Theme (account-shell §3): the operator's, with per-venue overrides merged in by the server. */
export const theme = z.object({
  theme_app_primary_colour: colour,
  theme_app_secondary_colour1: colour,
  theme_app_secondary_colour2: colour,
  theme_app_body_font_style: z.enum(FONT_STYLES),
  theme_app_heading_font_style: z.enum(FONT_STYLES),
  theme_app_logo: z.string().describe('URL of the logo image'),
  theme_app_secondary_button_style: z.enum(['solid', 'outline']),
  theme_app_header_bg_colour: colour,
  header_primary_colour: colour,
  toast_success_colour: colour,
  toast_error_colour: colour,
  toast_info_colour: colour,
});
export type Theme = z.infer<typeof theme>;
export const themeQuery = z.object({ venue: z.string().max(100).optional() });
export const themeReply = envelope(theme);

export const themeCalls = {
  getTheme: { query: themeQuery, reply: themeReply },
} as const satisfies Calls;
