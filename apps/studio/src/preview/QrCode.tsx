import { useEffect, useState } from "react";

/** Light modules around the code, as the QR specification asks, so phones read it. */
const QUIET = 4;

/**
 * A QR code of `text` as an SVG image. The generator loads on first use so it stays out of
 * the studio's initial script.
 */
export default function QrCode({ text, label }: { text: string; label: string }) {
  const [code, setCode] = useState<{ text: string; size: number; path: string } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import("qrcode-generator")
      .then(({ default: qrcode }) => {
        const qr = qrcode(0, "M");
        qr.addData(text, "Byte");
        qr.make();
        const size = qr.getModuleCount();
        let path = "";
        for (let row = 0; row < size; row++)
          for (let col = 0; col < size; col++)
            if (qr.isDark(row, col)) path += `M${col + QUIET} ${row + QUIET}h1v1h-1z`;
        if (live) setCode({ text, size, path });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [text]);
  if (failed) return <p className="muted">The QR code could not be made; use the link.</p>;
  if (!code || code.text !== text) return <div className="qr" aria-hidden="true" />;
  const box = code.size + QUIET * 2;
  return (
    <svg
      className="qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${box} ${box}`}
      shapeRendering="crispEdges"
    >
      <rect width={box} height={box} fill="#fff" />
      <path d={code.path} fill="#000" />
    </svg>
  );
}
