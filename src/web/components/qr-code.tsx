import { useMemo } from 'react';
import { encode } from 'uqr';

/** Modules of light margin around the code, as the QR standard asks for reliable scanning. */
const QUIET_ZONE = 4;

/**
 * A QR code as one SVG path of its dark modules, always dark on white (whatever the theme)
 * so phone wallets and authenticator apps can read it. Drawn here: no remote service sees the value.
 */
export function QrCode({ value, size, label }: { value: string; size: number; label: string }) {
  const { path, modules } = useMemo(() => {
    const { data } = encode(value, { ecc: 'M', border: QUIET_ZONE });
    let d = '';
    data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { path: d, modules: data.length };
  }, [value]);
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${modules} ${modules}`} shapeRendering="crispEdges" className="rounded-md">
      <rect width={modules} height={modules} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
