import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/** The quiet zone around the code, in modules (the QR standard asks for four). */
const MARGIN = 4;

/**
 * A QR code of `value` as an SVG, drawn from the modules qrcode-generator computes (one path, no HTML from the
 * library), dark on white whatever the theme so every camera reads it. Medium error correction. `label` is what a
 * screen reader hears; the same value must also be on the page in a form a person can type.
 */
export function QrCode({ value, label, size = 192 }: { value: string; label: string; size?: number }) {
  const { count, path } = useMemo(() => {
    const code = qrcode(0, 'M');
    code.addData(value);
    code.make();
    const modules = code.getModuleCount();
    let d = '';
    for (let row = 0; row < modules; row++)
      for (let col = 0; col < modules; col++)
        if (code.isDark(row, col)) d += `M${col + MARGIN} ${row + MARGIN}h1v1h-1z`;
    return { count: modules + 2 * MARGIN, path: d };
  }, [value]);
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${count} ${count}`}
      shapeRendering="crispEdges"
    >
      <rect width={count} height={count} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
