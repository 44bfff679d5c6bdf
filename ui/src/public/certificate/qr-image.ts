// Reading a QR code from an uploaded photo or screenshot. A certificate's QR is dense (version 10, 57
// modules); drawn 400 px wide, each module is 6 or 7 px, unevenly, and ZXing (inside html5-qrcode) finds no
// code in it at all, while jsQR reads it: the 400x400 PNG of a demo QR failed. Measured in node with the
// bundled ZXing on the demo QR drawn 250 to 1500 px wide: the image as it is fails at 400 only, and every
// size decodes once redrawn smoothly (bilinear) 320 or 480 px wide; larger targets fail again for some.
// So the image is tried as it is, then redrawn on a canvas at those sizes with a white quiet zone, each copy
// given to scanFile until one decodes.

/** Widths to redraw at, in order, and whether to smooth; the first that decodes wins. */
export const RETRIES = [
  { width: 320, smooth: true },
  { width: 480, smooth: true },
  { width: 360, smooth: false },
  { width: 720, smooth: true },
] as const;

export type DecodeFile = (file: File) => Promise<string>;

async function redrawn(image: ImageBitmap, width: number, smooth: boolean): Promise<File> {
  const quiet = Math.round(width * 0.08);
  const height = Math.round((image.height / image.width) * width);
  const canvas = document.createElement('canvas');
  canvas.width = width + 2 * quiet;
  canvas.height = height + 2 * quiet;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.imageSmoothingEnabled = smooth;
  context.imageSmoothingQuality = 'low'; // plain bilinear, as measured
  context.drawImage(image, quiet, quiet, width, height);
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('canvas'))), 'image/png'),
  );
  return new File([blob], `qr-${width}.png`, { type: 'image/png' });
}

/** The QR text in an image file, trying the file itself and then rescaled copies; throws when none decodes. */
export async function decodeQrImage(file: File, decode: DecodeFile): Promise<string> {
  try {
    return await decode(file);
  } catch (first) {
    const image = await createImageBitmap(file).catch(() => null);
    if (!image) throw first;
    try {
      for (const { width, smooth } of RETRIES) {
        const text = await decode(await redrawn(image, width, smooth)).catch(() => null);
        if (text) return text;
      }
    } finally {
      image.close();
    }
    throw first;
  }
}
