import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/** Quiet zone around the code, in modules (the standard's four). */
const QUIET = 4;

/** The dark modules of `text`'s QR code as one SVG path, one unit per module. */
export function qrPath(text: string): { size: number; path: string } {
  // Type 0: the smallest version that holds the text; M: 15 % of the code may be lost.
  const code = qrcode(0, 'M');
  code.addData(text, 'Byte');
  code.make();
  const count = code.getModuleCount();
  const parts: string[] = [];
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (code.isDark(row, col)) parts.push(`M${col + QUIET} ${row + QUIET}h1v1h-1z`);
    }
  }
  return { size: count + QUIET * 2, path: parts.join('') };
}

/**
 * A QR code of `text`, drawn here as SVG from the text alone (no network, nothing the CSP has to
 * allow), always captioned with what it is for: the network's name. Dark on white whatever the
 * theme, as scanners expect.
 */
export function QrCode({ text, caption, label }: { text: string; caption: string; label: string }) {
  const { size, path } = useMemo(() => qrPath(text), [text]);
  return (
    <figure className="qr" data-testid="receive-qr">
      <svg
        className="qr-code"
        viewBox={`0 0 ${size} ${size}`}
        width={size * 5}
        height={size * 5}
        role="img"
        aria-label={label}
        shapeRendering="crispEdges"
      >
        <rect width={size} height={size} fill="#fff" />
        <path d={path} fill="#000" />
      </svg>
      <figcaption className="qr-caption" data-testid="receive-qr-caption">
        {caption}
      </figcaption>
    </figure>
  );
}
